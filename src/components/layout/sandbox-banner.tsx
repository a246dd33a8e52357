import { css } from 'styled-system/css';
import { sandboxBanner } from '../../../contracts/sandbox';

/**
 * Says that payments are simulated, on every page, while the sandbox provider is active. Always in the
 * markup (the prerendered pages included, so hydration matches); shown by CSS only when the server has
 * marked the page `<html data-payments="sandbox">` (contracts/sandbox.ts), so it is there from the
 * first paint and nothing moves when the app starts.
 */
export function SandboxBanner() {
  return (
    <aside aria-label={sandboxBanner.label} data-part="sandbox-banner" className={bannerStyle}>
      <p>
        <strong className={css({ fontWeight: 'bold' })}>{sandboxBanner.label}.</strong> {sandboxBanner.text}
      </p>
    </aside>
  );
}

// The selector names contracts/sandbox.ts's attribute and value as literals: Panda reads styles statically.
const bannerStyle = css({
  display: 'none',
  '[data-payments="sandbox"] &': { display: 'block' },
  bg: 'yellow.300',
  color: 'gray.900',
  borderBottomWidth: '1px',
  borderBottomColor: 'yellow.500',
  px: '4',
  py: '2',
  fontSize: 'sm',
  lineHeight: '1.4',
  textAlign: 'center',
  overflowWrap: 'anywhere',
});
