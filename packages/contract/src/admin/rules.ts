// The admin console's constants, shared by the api, the database calls and the browser (no schema library).
export const adminPageSize = 50;
export const adminRoles = ['customer', 'admin'] as const;
export type AdminRole = (typeof adminRoles)[number];
