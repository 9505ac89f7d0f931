import { Dialog } from '../../ui';

/** Invite Friends dialog (spec §2). Full implementation in progress. */
export function InviteFriendsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite Friends"
      description="Share Mzansi Predicts with your friends to compare predictions"
    />
  );
}
