/** A signed-in participant as the API answers one (`PublicUser`), for tests that need a user. */
export const ada = {
  id: "u-ada",
  username: "ada",
  email: "ada@example.com",
  status: "active",
  admin_access: false,
  email_verified: true,
};
