import { lazyComponent } from '../../lib/lazy-component';
import { withPhoneNumberRules } from '../../lib/phone-number-rules';

/**
 * The profile dialog in a chunk of its own (issue 15), with the phone rules it checks numbers with:
 * the shell mounts it once a customer is signed in.
 */
export const ProfileDialog = lazyComponent(
  withPhoneNumberRules(() => import('./profile-dialog')),
  (m) => m.ProfileDialog,
);
