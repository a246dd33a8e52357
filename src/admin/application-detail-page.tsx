import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ApplicationDetail } from '../../contracts/artist';
import { findCountry } from '../../contracts/countries';
import { formatPeso } from '../../contracts/format';
import { genres, vocalTypes } from '../../contracts/options';
import { formatBytes } from '../components/artist-application/format';
import { ApplicationReview } from './application-review';
import { formatDate, progressParts, statusLabel } from './format';
import { Badge } from './paged-list';

const section = css({ bg: 'white', borderRadius: 'lg', boxShadow: 'sm', p: { base: '4', md: '6' } });
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const prose = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const muted = css({ color: 'fg.muted' });

const labelOf = (list: readonly { value: string; display: string }[], value: string | null) =>
  list.find((o) => o.value === value)?.display ?? value ?? '—';

/** /admin/applications/$id: everything the artist sent, the samples to listen to, and the review. */
export function ApplicationDetailPage({ application: a }: { application: ApplicationDetail }) {
  const country = a.country ? findCountry(a.country) : undefined;
  const contact = a.contact_number ? `${a.dial_code ?? ''} ${a.contact_number}`.trim() : '—';
  return (
    <div className={css({ maxW: '5xl', mx: 'auto', px: '4', py: '8', display: 'grid', gap: '5' })}>
      <p>
        <Link
          to="/admin/applications"
          search={{ status: a.app_status }}
          className={css({ color: 'brand.700', fontWeight: 'semibold', fontSize: 'sm' })}
        >
          ← {statusLabel[a.app_status]} applications
        </Link>
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold' })}>{a.full_name}</h1>
        {a.stage_name ? <span className={muted}>“{a.stage_name}”</span> : null}
        <Badge
          tone={
            a.app_status === 'approved'
              ? 'ok'
              : a.app_status === 'rejected'
                ? 'danger'
                : a.app_status === 'for_review'
                  ? 'info'
                  : 'muted'
          }
          testId="application-status"
        >
          {statusLabel[a.app_status]}
        </Badge>
      </div>

      <ApplicationReview key={a.id} application={a} />

      {a.app_status === 'rejected' && a.rejection_reason ? (
        <section className={section} aria-labelledby="rejection-title">
          <h2 id="rejection-title" className={sectionTitle}>
            Reason given for the rejection
          </h2>
          <p className={prose}>{a.rejection_reason}</p>
        </section>
      ) : null}

      <section className={section} aria-labelledby="contact-title">
        <h2 id="contact-title" className={sectionTitle}>
          Contact
        </h2>
        <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '10rem 1fr' }, gap: '2' })}>
          <Item label="Email">{a.email}</Item>
          <Item label="Contact number">{contact}</Item>
          <Item label="Country">{country?.name ?? a.country ?? '—'}</Item>
          <Item label="City or province">{a.city ?? '—'}</Item>
          <Item label="Applied">{formatDate(a.created_at)}</Item>
          <Item label="Submitted for review">{a.submitted_at ? formatDate(a.submitted_at) : 'Not yet'}</Item>
        </dl>
      </section>

      <section className={section} aria-labelledby="progress-title">
        <h2 id="progress-title" className={sectionTitle}>
          Application progress
        </h2>
        <ul className={css({ display: 'grid', gap: '1.5' })}>
          {progressParts.map((part) => {
            const done = Boolean(a.application_progress?.[part.key]);
            return (
              <li key={part.key} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <span aria-hidden="true" className={css({ color: done ? 'green.700' : 'gray.400' })}>
                  {done ? '✓' : '○'}
                </span>
                {part.label}: {done ? 'done' : 'not yet'}
              </li>
            );
          })}
        </ul>
        {/* Payout details are encrypted at rest and never shown here, not even masked. */}
        <p className={css({ mt: '3' })} data-testid="payout-status">
          Payout details: {a.payout_complete ? 'complete' : 'not provided yet'}
        </p>
      </section>

      <section className={section} aria-labelledby="artist-title">
        <h2 id="artist-title" className={sectionTitle}>
          About the artist
        </h2>
        <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '10rem 1fr' }, gap: '2' })}>
          <Item label="Genres">{a.genres.length ? a.genres.map((g) => labelOf(genres, g)).join(', ') : '—'}</Item>
          <Item label="Vocal type">{a.vocal_type ? labelOf(vocalTypes, a.vocal_type) : '—'}</Item>
          <Item label="Rate">{formatPeso(a.rate * 100)}</Item>
          <Item label="Links">
            {a.links.length ? (
              <ul>
                {a.links.map((link) => (
                  <li key={link}>
                    <a
                      href={safeHref(link)}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className={css({ color: 'brand.700', textDecoration: 'underline', overflowWrap: 'anywhere' })}
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </Item>
        </dl>
        <h3 className={css({ fontWeight: 'semibold', mt: '4', mb: '1' })}>Pitch</h3>
        <p className={prose}>{a.pitch || '—'}</p>
        <h3 className={css({ fontWeight: 'semibold', mt: '4', mb: '1' })}>Bio</h3>
        <p className={prose}>{a.bio || '—'}</p>
      </section>

      <section className={section} aria-labelledby="samples-title">
        <h2 id="samples-title" className={sectionTitle}>
          Sample songs
        </h2>
        {a.songs.length === 0 ? (
          <p className={muted}>No sample songs yet.</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '4' })}>
            {a.songs.map((song) => (
              <li key={song.source} data-testid="sample-song">
                <p className={css({ fontWeight: 'semibold' })}>
                  {song.title}
                  {song.is_featured ? (
                    <span className={css({ ml: '2', fontSize: 'xs', color: 'brand.700' })}>Featured</span>
                  ) : null}
                  <span className={css({ ml: '2', fontSize: 'xs', color: 'fg.muted' })}>{formatBytes(song.size)}</span>
                </p>
                {/* biome-ignore lint/a11y/useMediaCaption: artists' sample songs have no caption track. */}
                <audio
                  controls
                  preload="none"
                  src={song.url}
                  aria-label={`Play ${song.title}`}
                  className={css({ w: 'full', mt: '1' })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={css({ fontWeight: 'semibold', color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ overflowWrap: 'anywhere' })}>{children}</dd>
    </>
  );
}

/** Links were checked by the server; this keeps anything else from becoming a javascript: link. */
function safeHref(link: string): string | undefined {
  return /^https?:\/\//i.test(link) ? link : undefined;
}
