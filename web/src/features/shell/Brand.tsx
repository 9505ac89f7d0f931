export const PRODUCT_NAME = 'Mzansi Predicts';
export const TAGLINE = 'Make one political prediction a day';

/** Product mark: a small flag-coloured tile. */
export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#007749" />
      <path
        d="M14 46V18l18 16 18-16v28"
        fill="none"
        stroke="#FFB81C"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FlagStripe() {
  return <div className="flag-stripe" aria-hidden="true" />;
}
