import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Dialog, Input, Label, Textarea, toastError } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import { useCreateSuggestion } from './api';
import {
  DESCRIPTION_TOO_LONG,
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_TITLE_MAX,
  SUGGESTION_TITLE_MIN,
  TITLE_TOO_LONG,
  TITLE_TOO_SHORT,
  isSuggestionStatus,
  validateSuggestion,
  type SuggestionStatus,
} from './validation';
import './suggestions.css';
import { t, useT, type MessageKey } from '../../i18n';
import '../../i18n/later';

const STATUS_VARIANT: Record<SuggestionStatus, BadgeVariant> = {
  pending: 'secondary',
  approved: 'default',
  rejected: 'destructive',
  used: 'gold',
};

/** pending / approved / rejected / used (spec §4), in its own colour. */
const STATUS_LABEL = {
  pending: 'admin.sgPending',
  approved: 'admin.sgApproved',
  rejected: 'admin.sgRejected',
  used: 'admin.sgUsed',
} as const satisfies Record<SuggestionStatus, MessageKey>;

/** A suggestion's status in the interface language ("pending" in English). */
export const suggestionStatusLabel = (status: SuggestionStatus): string => t(STATUS_LABEL[status]);

export function SuggestionStatusBadge({ status: given }: { status: SuggestionStatus }) {
  useT();
  // A status a newer server adds reads as pending here.
  const status = isSuggestionStatus(given) ? given : 'pending';
  return (
    <Badge variant={STATUS_VARIANT[status]} className="suggestion-status" data-status={status}>
      {suggestionStatusLabel(status)}
    </Badge>
  );
}

/** The form's check messages (English as the spec words them) in the interface language. */
const SUGGESTION_ERROR: Record<string, MessageKey> = {
  [TITLE_TOO_SHORT]: 'suggest.titleTooShort',
  [TITLE_TOO_LONG]: 'suggest.titleTooLong',
  [DESCRIPTION_TOO_LONG]: 'suggest.descriptionTooLong',
};

/** The suggest dialog: a title (10–200 characters) and an optional description (3-row text area). */
export function SuggestQuestionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const t = useT();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateSuggestion(() => {
    setTitle('');
    setDescription('');
    onOpenChange(false);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = validateSuggestion({ title, description });
    if (!result.ok) {
      toastError(SUGGESTION_ERROR[result.error] ? t(SUGGESTION_ERROR[result.error]!) : result.error);
      return;
    }
    create.mutate(result.payload);
  };

  const length = title.trim().length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('suggest.button')}
      description={t('suggest.dialogText')}
    >
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={t('suggest.formLabel')}>
        <div className="field">
          <Label htmlFor={`${id}-title`}>{t('suggest.question')}</Label>
          <Input
            id={`${id}-title`}
            name="title"
            data-autofocus
            placeholder={t('suggest.questionPlaceholder')}
            aria-required="true"
            aria-describedby={`${id}-title-hint`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <p className="field__hint" id={`${id}-title-hint`}>
            {t('suggest.charRange', { min: SUGGESTION_TITLE_MIN, max: SUGGESTION_TITLE_MAX })} ·{' '}
            <span className={length > SUGGESTION_TITLE_MAX ? 'field__hint--error' : undefined}>{t('suggest.soFar', { n: length })}</span>
          </p>
        </div>
        <div className="field">
          <Label htmlFor={`${id}-description`}>
            {t('suggest.description')}<span className="field__optional"> {t('suggest.optional')}</span>
          </Label>
          <Textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            maxLength={SUGGESTION_DESCRIPTION_MAX}
            placeholder={t('suggest.descriptionPlaceholder')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('suggest.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('suggest.submitting') : t('suggest.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
