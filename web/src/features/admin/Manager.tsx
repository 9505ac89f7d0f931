// One list of research content in the admin's Manage tab (officials, media predictions): its count, an add button,
// each item with edit and delete, and the form and delete dialogs.
import { useState, type ReactNode } from 'react';
import { Button, Card, CardContent, Dialog } from '../../ui';
import { useManage, type ManageKind } from './manageApi';
import './admin-tabs.css';
import { useT } from '../../i18n';
import '../../i18n/later';

function ListState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
  loading,
  failed,
  children,
}: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  loading: string;
  failed: string;
  children: ReactNode;
}) {
  const t = useT();
  if (pending)
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{loading}</span>
      </div>
    );
  if (error)
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{failed}</p>
          <Button variant="outline" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  if (empty) return <p className="empty-note">{emptyText}</p>;
  return <>{children}</>;
}

type Editing<T> = null | { mode: 'create' } | { mode: 'edit'; item: T };

function ConfirmDelete({ kind, id, label, onClose }: { kind: ManageKind; id: string; label: string; onClose: () => void }) {
  const remove = useManage(kind, onClose);
  const t = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(kind === 'official' ? 'admin.mgDeleteOfficial' : 'admin.mgDeletePrediction')}
      description={t('admin.mgDeleteText', { label })}
    >
      <div className="dialog-actions">
        <Button variant="outline" onClick={onClose}>
          {t('admin.cancel')}
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ op: 'delete', id })}>
          {t('admin.delete')}
        </Button>
      </div>
    </Dialog>
  );
}

/** What a manager shows: its texts, its list (as the query left it), and how to show an item and its form. */
export interface ManagerProps<T extends { id: string }> {
  kind: ManageKind;
  texts: { title: string; add: string; loading: string; failed: string; none: string };
  query: { isPending: boolean; isError: boolean; list: T[]; refetch: () => void };
  /** The item's content above its edit and delete buttons. */
  renderItem: (item: T) => ReactNode;
  /** What the delete dialog names the item by. */
  labelOf: (item: T) => string;
  /** The create form (no item) or the edit form. */
  renderForm: (item: T | undefined, onClose: () => void) => ReactNode;
  /** Shown below the list. */
  footer?: ReactNode;
}

export function Manager<T extends { id: string }>({ kind, texts, query, renderItem, labelOf, renderForm, footer }: ManagerProps<T>) {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const t = useT();
  const list = query.list;
  const titleId = `manage-${kind}s-title`;
  return (
    <section className="stack" aria-labelledby={titleId}>
      <div className="manage-head">
        <h2 className="admin-list__title" id={titleId}>
          {texts.title}
          {!query.isPending && !query.isError && ` (${list.length})`}
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
          {texts.add}
        </Button>
      </div>
      <ListState
        loading={texts.loading}
        failed={texts.failed}
        pending={query.isPending}
        error={query.isError}
        empty={list.length === 0}
        emptyText={texts.none}
        onRetry={query.refetch}
      >
        <ul className="admin-list__items" aria-label={texts.title}>
          {list.map((item) => (
            <li key={item.id} className="admin-q manage-item" {...{ [`data-${kind}-id`]: item.id }}>
              {renderItem(item)}
              <div className="admin-q__actions">
                <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'edit', item })}>
                  {t('admin.mgEdit')}
                </Button>
                <Button size="sm" variant="ghost" className="admin-q__delete" onClick={() => setDeleting(item)}>
                  {t('admin.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      {footer}
      {editing && renderForm(editing.mode === 'edit' ? editing.item : undefined, () => setEditing(null))}
      {deleting && <ConfirmDelete kind={kind} id={deleting.id} label={labelOf(deleting)} onClose={() => setDeleting(null)} />}
    </section>
  );
}
