import { format, parseISO } from 'date-fns';
import { CalendarDays, Clock, Handshake, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { parseDescription } from '@shared/domain/post-text';
import type { PostItem } from '@shared/schemas/posts';
import { MemberRating } from '@/components/member-rating';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ExchangeButton } from '@/features/posts/components/exchange-button';
import { MemberAvatar } from '@/features/posts/components/member-avatar';
import { useMemberSummary } from '@/features/posts/api/get-member-summary';

function responseTimeText(hours: number | null): string {
  if (hours === null) return 'No responses yet';
  if (hours < 1) return 'Usually responds within an hour';
  if (hours < 48) {
    const rounded = Math.ceil(hours);
    return `Usually responds within ${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
  }
  return `Usually responds within ${Math.ceil(hours / 24)} days`;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-brand-700">{icon}</span>
      <div>
        <dt className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{label}</dt>
        <dd className="text-sm">{children}</dd>
      </div>
    </div>
  );
}

/** Profile Details from a search card: real rating, join date and response time, and the request button. */
export function ProfileDetailsDialog({ post, open, onOpenChange }: { post: PostItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const summary = useMemberSummary(post.author.id, open);
  const parts = parseDescription(post.description);
  const data = summary.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Profile Details</DialogTitle>
          <DialogDescription className="sr-only">About {post.author.name} and their post</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4">
          <MemberAvatar name={post.author.name} avatarUrl={post.author.avatarUrl} className="size-16 text-lg" />
          <div className="min-w-0">
            <p className="text-lg font-semibold">{post.author.name}</p>
            <p className="text-sm text-fg-muted">{data?.skill ?? post.author.skill}</p>
          </div>
        </div>
        {summary.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading profile details">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : summary.isError || !data ? (
          <p role="alert" className="text-sm text-danger-700">
            Profile details could not be loaded.
          </p>
        ) : (
          <dl className="grid gap-3 rounded-xl bg-surface-muted p-4 sm:grid-cols-2">
            <Fact icon={<Star aria-hidden="true" className="size-4" />} label="Rating">
              <MemberRating average={data.ratingAverage} count={data.ratingCount} withStar={false} />
            </Fact>
            <Fact icon={<CalendarDays aria-hidden="true" className="size-4" />} label="Member since">
              Joined {format(parseISO(data.joinedAt), 'MMMM yyyy')}
            </Fact>
            <Fact icon={<Clock aria-hidden="true" className="size-4" />} label="Response time">
              {responseTimeText(data.medianResponseHours)}
            </Fact>
            <Fact icon={<Handshake aria-hidden="true" className="size-4" />} label="Exchanges">
              {data.completedExchanges} completed
            </Fact>
          </dl>
        )}
        <div className="grid gap-1">
          <p className="font-semibold break-words">{post.title}</p>
          <p className="text-sm leading-relaxed break-words text-fg-muted">{parts.offering}</p>
        </div>
        <div className="flex justify-end">
          <ExchangeButton
            target={{ postId: post.id, title: post.title, author: post.author }}
            exchangeStatus={post.exchangeStatus}
            label="Send Exchange Request"
            size="md"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
