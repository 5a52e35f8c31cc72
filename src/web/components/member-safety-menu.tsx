import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { BlockMemberDialog } from '@/components/block-member-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useReportDialog } from '@/lib/report-dialog-slot';

export interface MemberSafetyMenuProps {
  member: { id: string; name: string };
  /** The viewer already blocked this member: only Report is offered. */
  blockedByViewer?: boolean;
  /** The trigger's look: an outlined button beside other actions, or a quiet icon in a header. */
  variant?: 'outline' | 'ghost';
  className?: string;
}

/** The 'More' (…) menu on another member's profile and in a conversation: Block and Report. */
export function MemberSafetyMenu({ member, blockedByViewer = false, variant = 'outline', className }: MemberSafetyMenuProps) {
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const renderReportDialog = useReportDialog();
  if (blockedByViewer && !renderReportDialog) return null;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant={variant} size="icon" className={cn('shrink-0', className)} aria-label="More">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {blockedByViewer ? null : (
            <DropdownMenuItem variant="destructive" onSelect={() => setBlocking(true)}>
              <Ban aria-hidden="true" />
              Block
            </DropdownMenuItem>
          )}
          {renderReportDialog ? (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockMemberDialog member={member} open={blocking} onOpenChange={setBlocking} />
      {renderReportDialog?.({ target: { type: 'member', id: member.id, memberName: member.name }, open: reporting, onOpenChange: setReporting })}
    </>
  );
}
