// The catalogues as the build compiles them (i18n-catalogues.ts): `import en from 'i18n-catalogue:en'`.
declare module 'i18n-catalogue:*' {
  import type { Messages } from '@lingui/core';
  const catalogue: { meta: import('./meta').CatalogueMeta; messages: Messages };
  export default catalogue;
}
