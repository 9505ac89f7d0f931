import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Dialog, Input, Label, Textarea, toastError } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import { useCreateSuggestion } from './api';
import {
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_TITLE_MAX,
  SUGGESTION_TITLE_MIN,
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

export function SuggestionStatusBadge({ status }: { status: SuggestionStatus }) {
  useT();
  return (
    <Badge variant={STATUS_VARIANT[status]} className="suggestion-status" data-status={status}>
      {suggestionStatusLabel(status)}
    </Badge>
  );
}

/** The suggest dialog: a title (10–200 characters) and an optional description (3-row text area). */
export function SuggestQuestionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
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
      toastError(result.error);
      return;
    }
    create.mutate(result.payload);
  };

  const length = title.trim().length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Suggest a Question"
      description="Propose a yes/no question for a future day. An admin reviews every suggestion."
    >
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label="Suggest a question">
        <div className="field">
          <Label htmlFor={`${id}-title`}>Question</Label>
          <Input
            id={`${id}-title`}
            name="title"
            data-autofocus
            placeholder="Will … happen by …?"
            aria-required="true"
            aria-describedby={`${id}-title-hint`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <p className="field__hint" id={`${id}-title-hint`}>
            {SUGGESTION_TITLE_MIN}–{SUGGESTION_TITLE_MAX} characters ·{' '}
            <span className={length > SUGGESTION_TITLE_MAX ? 'field__hint--error' : undefined}>{length} so far</span>
          </p>
        </div>
        <div className="field">
          <Label htmlFor={`${id}-description`}>
            Description<span className="field__optional"> (optional)</span>
          </Label>
          <Textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            maxLength={SUGGESTION_DESCRIPTION_MAX}
            placeholder="Why is this a good question? Add any context."
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit Suggestion'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
