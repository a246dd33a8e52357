import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { formatCalendarDay } from '../../../contracts/format';
import { lifecycleMessages } from '../../../contracts/lifecycle';
import { useGiftPage } from '../../actors/use-gift-page';
import { DeliveredSong } from '../account/order-detail/delivered-song';
import { occasionLabel } from '../account/order-detail/order-facts';
import { SimplePage } from '../layout/simple-page';
import { Button, buttonRecipe } from '../ui/button';
import { ThanksForm } from './thanks-form';

/** The private page a customer shares: the song, its lyrics, a download, and a thank-you to the artist. */
export function GiftPage({ token }: { token: string }) {
  const { view, send } = useGiftPage(token);
  const gift = view.gift;
  return (
    <>
      {/* A private link: search engines must not list it (React places this in the document head). */}
      <meta name="robots" content="noindex, nofollow" />
      {view.loading ? (
        <SimplePage title="Opening your gift…" />
      ) : view.missing ? (
        <SimplePage title="Gift not found" lead={lifecycleMessages.giftNotFound}>
          <p>Check the link you were sent, or ask the person who sent it for a new one.</p>
          <Link to="/">Go to the home page</Link>
        </SimplePage>
      ) : view.failed || !gift ? (
        <SimplePage title="We could not open this gift" lead={view.loadError ?? undefined}>
          <div>
            <Button color="secondary" onClick={() => send({ type: 'user.retry' })}>
              Try again
            </Button>
          </div>
        </SimplePage>
      ) : (
        <div className={css({ maxW: '3xl', mx: 'auto', px: '4', py: { base: '10', md: '16' } })}>
          <p
            className={css({ color: 'brand.700', fontWeight: 'semibold', textTransform: 'uppercase', fontSize: 'sm' })}
          >
            {occasionLabel(gift.occasion_name)}
          </p>
          <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold', mt: '1' })}>
            A song for {gift.recipient_first_name}
          </h1>
          <p className={css({ mt: '2', fontSize: 'lg', color: 'fg.muted' })}>
            From {gift.gifter_first_name}, written and sung by {gift.artist.stage_name}.
          </p>
          {view.locked ? (
            <p role="status" className={css({ mt: '8', bg: 'brand.50', borderRadius: 'xl', p: '6', fontSize: 'lg' })}>
              {gift.reveal_on
                ? `This gift opens on ${formatCalendarDay(gift.reveal_on)}. Come back then to listen to your song!`
                : lifecycleMessages.giftNotReady}
            </p>
          ) : null}
          {view.open && gift.song ? (
            <div className={css({ mt: '8', display: 'grid', gap: '4' })}>
              <DeliveredSong
                song={{
                  playerId: `gift-${token}`,
                  title: `Song for ${gift.recipient_first_name}`,
                  artistName: gift.artist.stage_name,
                  url: gift.song.url,
                  lyrics: gift.lyrics,
                }}
              />
              <div>
                <a href={gift.song.download_url} download className={buttonRecipe({ color: 'secondary' })}>
                  Download the song
                </a>
              </div>
              <ThanksForm view={view} send={send} artistName={gift.artist.stage_name} />
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
