import { useSupportEmail } from '../../actors/support';

/**
 * The team's address (SUPPORT_EMAIL, from the server) as a mailto link, with the words before it; nothing
 * until it has loaded (a prerendered page shows its contact page link meanwhile).
 */
export function SupportEmailLink({ before, className }: { before: string; className?: string }) {
  const email = useSupportEmail();
  if (!email) return null;
  return (
    <>
      {before}
      <a href={`mailto:${email}`} className={className} data-testid="support-email">
        {email}
      </a>
    </>
  );
}
