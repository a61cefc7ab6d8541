import type { User } from '#contracts/user.ts';
import { useUserInfo } from '../../../lib/hooks.ts';
import { paths } from '../../../lib/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { AdminListBody } from '../admin-list-body.tsx';
import { AdminPager } from '../admin-pager.tsx';
import { RowActions } from '../row-actions.tsx';
import { useAdminPage } from '../use-admin-page.ts';
import { useConfirmedDelete } from '../use-confirmed-delete.tsx';

/**
 * /admin/users: the users a page at a time, with edit and delete ('Are you sure?'). The admin's
 * own row has no Delete: the API refuses it (400), since it would end the session in use.
 */
export function AdminUsersPage() {
  usePageTitle('Users');
  const me = useUserInfo();
  const users = useAdminPage<User>('/api/users');
  const { ask, error, dialog } = useConfirmedDelete<User>({
    url: (u) => `/api/users/${encodeURIComponent(u._id)}`,
    removed: (u) => `${u.name} ${u.lastName} was removed`,
    onRemoved: users.reload,
  });

  return (
    <section>
      <h1>User list</h1>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <AdminListBody list={users} label="Loading users ...">
        {(shown) => (
          <>
            <ScrollRegion label="Users" css={tableWrap}>
              <table css={tableStyle}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Name</th>
                    <th scope="col">Last name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Is admin</th>
                    <th scope="col">Edit/Delete</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.data.map((u, i) => (
                    <tr key={u._id}>
                      <td>{users.offset + i + 1}</td>
                      <td>{u.name}</td>
                      <td>{u.lastName}</td>
                      <td>{u.email}</td>
                      <td>{u.isAdmin ? '✓' : '✗'}</td>
                      <RowActions
                        editTo={paths.admin.editUser.to(u._id)}
                        label={u.email}
                        onDelete={u._id === me?._id ? undefined : () => ask(u)}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <AdminPager page={users.page} pages={users.pages} hrefOf={users.hrefOf} label="Users" />
          </>
        )}
      </AdminListBody>
      {dialog}
    </section>
  );
}
