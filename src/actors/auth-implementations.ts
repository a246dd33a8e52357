import { signInGreeting, specMessages } from '../../contracts/messages';
import { appActorIds } from '../../machines/app-system';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { authFormsMachine, formsToStart } from '../../machines/auth-forms.machine';
import { type LoadedChildren, loadingWith, toStart } from '../../machines/lazy-child.machine';
import { orderCheckoutPath } from '../../machines/session.machine';
import type { Api } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { currentRouteName, navigateTo, navigateToHref } from './navigation';

/** Only a path of this app (no scheme, no other host) is followed after a login. */
function ownPath(path: string | null, area: '/customer/' | '/artist/'): string | null {
  return path?.startsWith(area) && !path.startsWith('//') ? path : null;
}

/**
 * docs/product.md §4 Customer login: a pending checkout on the checkout page (or one a session reset interrupted,
 * `returnTo`) resumes it; a customer's page a signed-out visit asked for opens; otherwise /order,
 * each with a welcome (a first one after a sign-up).
 */
function afterCustomerLogin(firstName: string, returnTo: string | null, firstVisit: boolean): void {
  const onCheckout = currentRouteName() === 'order.checkout' || returnTo === orderCheckoutPath;
  if (storage.get('checkoutPending') === 'true' && onCheckout) {
    navigateTo('/order/checkout');
    notify.success('You are logged in. You can now complete your checkout.');
    return;
  }
  const asked = ownPath(returnTo, '/customer/');
  if (asked) navigateToHref(asked);
  else navigateTo('/order');
  notify.success(firstVisit ? specMessages.welcome(firstName) : specMessages.welcomeBack(firstName));
}

/**
 * The account modals, given the app's navigation and toasts; their forms (the customer's in the
 * modals, the artist's on their pages) load with the first modal or page that shows one.
 */
function authDialogsLogicFor(api: Api) {
  return authDialogsMachine.provide({
    actors: {
      forms: authFormsMachine.provide({
        actors: {
          forms: loadingWith(() =>
            import('./auth-forms').then(({ authFormsLogic }) => formsToStart(authFormsLogic(api))),
          ),
        },
      }),
    },
    actions: {
      afterCustomerLogin: (_, p) => afterCustomerLogin(p.user.first_name, p.returnTo, p.firstVisit),
      afterArtistLogin: (_, p) => {
        const asked = ownPath(p.returnTo, '/artist/');
        if (asked) navigateToHref(asked);
        else navigateTo('/artist/dashboard');
        notify.success(signInGreeting(p.user));
      },
    },
  });
}

/** The account modals as the root starts them, under their systemId. */
export function authDialogsToStart(api: Api): LoadedChildren {
  return { [appActorIds.authDialogs]: toStart(authDialogsLogicFor(api), undefined) };
}
