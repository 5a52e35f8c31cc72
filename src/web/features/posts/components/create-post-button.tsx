import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { CreatePostDialog } from '@/features/posts/components/create-post-dialog';
import { openProfilePrompt } from '@/lib/profile-prompt-store';
import { useProfileCompletion } from '@/lib/use-profile-completion';

/** Create Post: the Create Exchange Post dialog, or the complete-profile modal for an incomplete profile. */
export function CreatePostButton({ size = 'md', className }: { size?: ButtonProps['size']; className?: string }) {
  const completion = useProfileCompletion();
  const [open, setOpen] = useState(false);

  function handleClick() {
    if (completion.isComplete) setOpen(true);
    else openProfilePrompt();
  }

  return (
    <>
      <Button size={size} className={className} onClick={handleClick} disabled={completion.isLoading}>
        <Plus aria-hidden="true" />
        Create Post
      </Button>
      {/* Mounted only while open, as the edit and report dialogs are: its form and mutation set
          state as they attach, which made React render again inside /home's first commit (issue
          14: Total Blocking Time). Closing resets the form anyway. */}
      {open ? <CreatePostDialog open={open} onOpenChange={setOpen} onProfileIncomplete={openProfilePrompt} /> : null}
    </>
  );
}
