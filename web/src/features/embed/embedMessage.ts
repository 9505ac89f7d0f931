/** What the answer popup posts to the embed's frame (to this site's own origin only). */
export const EMBED_TOKEN_MESSAGE = 'mzansi-predicts:embed-token';
