/**
 * The privacy notice (web: /privacy). Its text lives in the web app (web/src/features/privacy/); its version lives
 * here because the server is what records which version a user accepted at signup. Change both together: any change
 * to what the notice says is a new version.
 */
export const PRIVACY_NOTICE_VERSION = '1.1';

export const CONSENT_REQUIRED = 'Please accept the privacy notice to continue';
