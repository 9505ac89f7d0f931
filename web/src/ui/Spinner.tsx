import { useT } from '../i18n';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('a11y.loading')}</span>
    </div>
  );
}
