import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/lib/paths';

/** 'New': conversations are not started from here; they begin with an exchange request (spec). */
export function NewConversationDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Plus aria-hidden="true" />
          New
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start New Conversation</DialogTitle>
          <DialogDescription>
            Conversations begin by sending exchange requests. Find a post you like, send its author an exchange request, and
            your conversation with them appears here.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-fg-muted">
          You can also open a conversation with the Message button on a member&apos;s profile or on a connection in My Network.
        </p>
        <DialogFooter>
          <Button asChild>
            <Link to={paths.home}>Browse posts</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
