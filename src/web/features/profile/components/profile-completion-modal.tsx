import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { closeProfilePrompt, useProfilePromptOpen } from '@/lib/profile-prompt-store';

/** The global 'Complete Your Profile' modal, opened automatically or by `openProfilePrompt()`. */
export function ProfileCompletionModal() {
  const open = useProfilePromptOpen();
  const navigate = useNavigate();

  function handleLetsGo() {
    closeProfilePrompt();
    void navigate(paths.completeProfile);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : closeProfilePrompt())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Complete Your Profile</DialogTitle>
          <DialogDescription className="text-base leading-relaxed">
            Tell us about your skills and what you're looking for to help us connect you with the right people in your
            community.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={closeProfilePrompt}>
            I'll do this later
          </Button>
          <Button onClick={handleLetsGo}>Let's Go</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
