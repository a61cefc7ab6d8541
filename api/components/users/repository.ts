import type { MyReview } from '#contracts/my-data.ts';
import type { AdminUserUpdateBody, ProfileUpdateBody, User, UserInfo } from '#contracts/user.ts';
import type { Queryable } from '../../db/index.ts';
import type { PageWindow } from '../../http/admin-page.ts';

const USER_INFO = `id as "_id", name, last_name as "lastName", email, is_admin as "isAdmin"`;
const USER = `${USER_INFO}, phone_number as "phoneNumber", address, country, zip_code as "zipCode", city, state,
  created_at as "createdAt"`;

type UserRow = Omit<User, 'createdAt'> & { createdAt: Date | string };

const toUser = ({ createdAt, ...rest }: UserRow): User => ({ ...rest, createdAt: new Date(createdAt).toISOString() });

/** True when the error is a unique-constraint violation (an email already taken). */
const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

export type Credentials = UserInfo & { passwordHash: string };

export const findCredentialsByEmail = async (db: Queryable, email: string): Promise<Credentials | null> => {
  const { rows } = await db.query<Credentials>(
    `select ${USER_INFO}, password_hash as "passwordHash" from users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
};

export const findPasswordHash = async (db: Queryable, id: string): Promise<string | null> => {
  const { rows } = await db.query<{ passwordHash: string }>('select password_hash as "passwordHash" from users where id = $1', [id]);
  return rows[0]?.passwordHash ?? null;
};

export const emailTaken = async (db: Queryable, email: string, exceptId?: string): Promise<boolean> => {
  const { rows } = await db.query('select 1 from users where lower(email) = lower($1) and id is distinct from $2', [
    email,
    exceptId ?? null,
  ]);
  return rows.length > 0;
};

/** Inserts the user; null when the email is already taken (a concurrent registration won). */
export const insertUser = async (
  db: Queryable,
  user: { name: string; lastName: string; email: string; passwordHash: string },
): Promise<UserInfo | null> => {
  try {
    const { rows } = await db.query<UserInfo>(
      `insert into users (name, last_name, email, password_hash) values ($1, $2, $3, $4) returning ${USER_INFO}`,
      [user.name, user.lastName, user.email, user.passwordHash],
    );
    return rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
};

export const findUser = async (db: Queryable, id: string): Promise<User | null> => {
  const { rows } = await db.query<UserRow>(`select ${USER} from users where id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
};

export const listUsers = async (db: Queryable): Promise<User[]> => {
  const { rows } = await db.query<UserRow>(`select ${USER} from users order by created_at, email`);
  return rows.map(toUser);
};

/** One page of `listUsers`, in its order (users_admin_order_idx). */
export const listUsersPage = async (db: Queryable, { limit, offset }: PageWindow): Promise<User[]> => {
  const { rows } = await db.query<UserRow>(`select ${USER} from users order by created_at, email limit $1 offset $2`, [limit, offset]);
  return rows.map(toUser);
};

export const countUsers = async (db: Queryable): Promise<number> => {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  return rows[0]?.n ?? 0;
};

/** Updates the caller's own profile; the email is never touched here. */
export const updateProfile = async (
  db: Queryable,
  id: string,
  profile: Omit<ProfileUpdateBody, 'password' | 'currentPassword'>,
  passwordHash: string | null,
): Promise<UserInfo | null> => {
  const { rows } = await db.query<UserInfo>(
    `update users set name = $2, last_name = $3, phone_number = $4, address = $5, country = $6, zip_code = $7,
            city = $8, state = $9, password_hash = coalesce($10, password_hash)
      where id = $1 returning ${USER_INFO}`,
    [
      id,
      profile.name,
      profile.lastName,
      profile.phoneNumber,
      profile.address,
      profile.country,
      profile.zipCode,
      profile.city,
      profile.state,
      passwordHash,
    ],
  );
  return rows[0] ?? null;
};

/** Updates a user as an admin may; 'taken' when the new email belongs to someone else. */
export const adminUpdateUser = async (db: Queryable, id: string, body: AdminUserUpdateBody): Promise<UserInfo | 'taken' | null> => {
  try {
    const { rows } = await db.query<UserInfo>(
      `update users set name = $2, last_name = $3, email = $4, is_admin = $5 where id = $1 returning ${USER_INFO}`,
      [id, body.name, body.lastName, body.email, body.isAdmin],
    );
    return rows[0] ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
};

/**
 * A deleted customer's orders stay for the shop's books under `name` (DELETED_CUSTOMER): the
 * last name, email and phone go; the address stays, as an invoice must show where it went.
 */
export const anonymiseOrders = async (tx: Queryable, id: string, name: string): Promise<void> => {
  await tx.query(
    `update orders set user_snapshot = user_snapshot || jsonb_build_object('name', $2::text, 'lastName', '', 'email', '', 'phoneNumber', '')
      where user_id = $1`,
    [id, name],
  );
};

/** The reviews `id` wrote, newest first, with the product's name. */
export const listReviewsBy = async (db: Queryable, id: string): Promise<MyReview[]> => {
  const { rows } = await db.query<MyReview>(
    `select r.product_id as "productId", p.name as "productName", r.rating, r.comment, r.created_at as "createdAt"
       from reviews r join products p on p.id = r.product_id
      where r.user_id = $1 order by r.created_at desc, r.id`,
    [id],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
};

/** A deleted customer's reviews keep their text and rating under `name`; the link to the account goes with the row (on delete set null). */
export const anonymiseReviews = async (tx: Queryable, id: string, name: string): Promise<void> => {
  await tx.query('update reviews set user_name = $2 where user_id = $1', [id, name]);
};

export const deleteUser = async (db: Queryable, id: string): Promise<boolean> => {
  const { rowCount } = await db.query('delete from users where id = $1', [id]);
  return rowCount > 0;
};

/**
 * The ids of all admins, locked until the transaction ends, so two concurrent demotions or
 * deletions cannot both see "another admin remains" and leave the shop without one.
 */
export const lockAdminIds = async (tx: Queryable): Promise<string[]> => {
  const { rows } = await tx.query<{ id: string }>('select id from users where is_admin order by id for update');
  return rows.map((r) => r.id);
};
