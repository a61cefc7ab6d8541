/** The caller, as the database says now: role and names are read per request, not from the token. */
export type AuthUser = {
  _id: string;
  name: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
};
