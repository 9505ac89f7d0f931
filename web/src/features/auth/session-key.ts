/** Where the signed-in user is kept on the device (session.ts); its own module so the entry chunk can read it without jotai. */
export const USER_STORAGE_KEY = 'mzansi.user';
