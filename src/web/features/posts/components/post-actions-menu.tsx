import { CheckCircle2, EyeOff, Flag, MoreHorizontal, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PostItem, PostStatus } from '@shared/schemas/posts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDeletePost } from '@/features/posts/api/delete-post';
import { useSetPostStatus } from '@/features/posts/api/set-post-status';
import { EditPostDialog } from '@/features/posts/components/edit-post-dialog';
import { toastWriteLimit } from '@/features/posts/lib/limit-toast';
import { POST_TOASTS } from '@/features/posts/lib/post-labels';
import { ReportDialog } from '@/features/safety/report-dialog';
import { isSessionLapse } from '@/lib/auth';

const STATUS_TOASTS: Record<PostStatus, string> = {
  active: 'Your post is active again',
  hidden: 'Your post is hidden from the community',
  completed: 'Your post is marked as completed',
};

/** An own post's menu: Edit Post, Hide / Reactivate, Mark as completed, Delete Post. */
export function PostActionsMenu({ post }: { post: PostItem }) {
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const remove = useDeletePost();
  const setStatus = useSetPostStatus();

  // mutateAsync rather than per-call callbacks: the refreshed list may unmount this row before
  // per-call callbacks run, and then the toast would never show.
  async function handleStatus(status: PostStatus) {
    try {
      await setStatus.mutateAsync({ id: post.id, status });
      toast.success(STATUS_TOASTS[status]);
    } catch (error) {
      console.warn('Changing a post status failed', error);
      if (!isSessionLapse(error) && !toastWriteLimit(error)) toast.error(POST_TOASTS.errorTitle, { description: POST_TOASTS.updateFailed });
    }
  }

  async function handleDelete() {
    try {
      await remove.mutateAsync(post.id);
      setDeleteOpen(false);
      toast.success(POST_TOASTS.deletedTitle, { description: POST_TOASTS.deleted });
    } catch (error) {
      console.warn('Deleting a post failed', error);
      if (!isSessionLapse(error)) toast.error(POST_TOASTS.errorTitle, { description: 'Failed to delete post. Please try again.' });
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Post actions: ${post.title}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setEditOpen(true)}>
            <Pencil aria-hidden="true" />
            Edit Post
          </DropdownMenuItem>
          {post.status === 'active' ? (
            <>
              <DropdownMenuItem onSelect={() => void handleStatus('hidden')}>
                <EyeOff aria-hidden="true" />
                Hide Post
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void handleStatus('completed')}>
                <CheckCircle2 aria-hidden="true" />
                Mark as Completed
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem onSelect={() => void handleStatus('active')}>
              <RotateCcw aria-hidden="true" />
              Reactivate Post
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDeleteOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete Post
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {editOpen ? <EditPostDialog post={post} open={editOpen} onOpenChange={setEditOpen} /> : null}

      <AlertDialog open={deleteOpen} onOpenChange={(open) => !remove.isPending && setDeleteOpen(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Post</AlertDialogTitle>
            <AlertDialogDescription>Are you sure you want to delete this post? This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                // Stay open until the server answers.
                event.preventDefault();
                void handleDelete();
              }}
            >
              Delete Post
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** Another member's post's menu: Report post. */
export function PostReportMenu({ post }: { post: PostItem }) {
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`More actions: ${post.title}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setReportOpen(true)}>
            <Flag aria-hidden="true" />
            Report post
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {reportOpen ? (
        <ReportDialog target={{ type: 'post', id: post.id, memberName: post.author.name }} open={reportOpen} onOpenChange={setReportOpen} />
      ) : null}
    </>
  );
}
