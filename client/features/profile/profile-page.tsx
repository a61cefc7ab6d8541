import type { User } from '#contracts/user.ts';
import { useCheckoutReturn } from '../../lib/checkout-return.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { Link } from '../../ui/link.tsx';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { formPageStyle } from '../../ui/page-style.ts';
import { MY_DATA_FILE } from '#contracts/my-data.ts';
import { buttonStyle } from '../../ui/button.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { ProfileForm } from './profile-form.tsx';

export const PROFILE_TITLE = 'Change your profile';
const MY_DATA_URL = '/api/users/profile/export';

/** /user (guarded): the stored profile (GET /api/users/profile/{id}) in an editable form. */
export function UserProfilePage() {
  usePageTitle(PROFILE_TITLE);
  const userInfo = useUserInfo();
  // Registered from the checkout: the way back, once the address is filled in.
  const checkout = useCheckoutReturn();
  const profile = useApiGet<User>(userInfo ? `/api/users/profile/${encodeURIComponent(userInfo._id)}` : null);
  return (
    <section css={formPageStyle} aria-labelledby="profile-heading">
      <h1 id="profile-heading">{PROFILE_TITLE}</h1>
      {checkout ? (
        <p>
          <Link to={checkout}>Continue to checkout</Link>
        </p>
      ) : null}
      {profile.status === 'success' ? (
        // A new answer (another user, a reload) starts the form afresh from it.
        <>
          <ProfileForm key={profile.data._id} user={profile.data} />
          <section aria-labelledby="my-data-heading">
            <h2 id="my-data-heading">Your data</h2>
            <p>One file with your profile, your orders and your reviews.</p>
            {/* A plain download: the browser saves the file the API names, with the session's cookie. */}
            <a href={MY_DATA_URL} download={MY_DATA_FILE} css={buttonStyle('secondary')}>
              Download my data
            </a>
          </section>
          <DeleteAccount />
        </>
      ) : profile.status === 'error' ? (
        <Alert tone="danger" action={<Button onClick={profile.reload}>Try again</Button>}>
          {profile.error}
        </Alert>
      ) : (
        <div aria-busy="true" css={{ display: 'grid', gap: 16 }}>
          <VisuallyHidden role="status">Loading your profile ...</VisuallyHidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      )}
    </section>
  );
}
