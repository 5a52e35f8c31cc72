import { Clock, Inbox, UserCheck, UserX } from 'lucide-react';
import type { ComponentType } from 'react';
import type { NetworkItem, NetworkResponse } from '@shared/schemas/network';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';
import { useNetwork } from '@/features/network/api/get-network';
import { NetworkItemRow, type NetworkSection } from '@/features/network/components/network-item';
import { useDocumentTitle } from '@/lib/use-document-title';

interface SectionInfo {
  id: NetworkSection;
  title: string;
  counter: keyof NetworkResponse['counts'];
  empty: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** The four counters and sections, in the spec's order. */
const SECTIONS: SectionInfo[] = [
  { id: 'connections', title: 'Connections', counter: 'connections', empty: 'No connections yet.', icon: UserCheck },
  { id: 'incoming', title: 'Pending Requests', counter: 'pendingRequests', empty: 'No pending requests.', icon: Inbox },
  { id: 'outgoing', title: 'Waiting For Response', counter: 'waitingForResponse', empty: 'Nothing waiting for a response.', icon: Clock },
  { id: 'declined', title: 'Declined Requests', counter: 'declinedRequests', empty: 'No declined requests.', icon: UserX },
];

/** Accordion order: what needs the member first (requests to answer), then connections, then the rest. */
const SECTION_ORDER: NetworkSection[] = ['incoming', 'connections', 'outgoing', 'declined'];

function StatCard({ section, count }: { section: SectionInfo; count: number | undefined }) {
  const Icon = section.icon;
  return (
    <Card className="flex items-center gap-3 p-4" data-testid={`network-count-${section.id}`}>
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:inline-flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        {count === undefined ? (
          <Skeleton className="h-7 w-8" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums" data-testid="count">
            {count}
          </p>
        )}
        <p className="text-sm text-fg-muted">{section.title}</p>
      </div>
    </Card>
  );
}

function SectionList({ items, section }: { items: NetworkItem[]; section: SectionInfo }) {
  if (items.length === 0) return <p className="py-2 text-sm">{section.empty}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <NetworkItemRow key={item.id} item={item} section={section.id} />
      ))}
    </ul>
  );
}

function SectionSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading requests">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3 rounded-xl border border-border p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /network: My Network, the member's exchange requests in both directions. */
export function NetworkPage() {
  useDocumentTitle('My Network');
  const query = useNetwork();
  const data = query.data;
  const byId = new Map(SECTIONS.map((s) => [s.id, s]));

  return (
    <Container className="py-6 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">My Network</h1>
        <p className="mt-1 text-fg-muted">Your exchange requests, connections and completed exchanges.</p>
      </div>

      <section aria-label="Network counters" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SECTIONS.map((section) => (
          <StatCard key={section.id} section={section} count={data?.counts[section.counter]} />
        ))}
      </section>

      {query.isError && !data ? (
        <Card className="flex flex-col items-start gap-3 p-5" role="alert">
          <p className="font-medium">Your network could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        </Card>
      ) : (
        <Card className="px-3 sm:px-5">
          <Accordion type="multiple" defaultValue={SECTION_ORDER}>
            {SECTION_ORDER.map((id) => {
              const section = byId.get(id);
              if (!section) return null;
              const count = data?.counts[section.counter];
              return (
                <AccordionItem key={id} value={id} className="last:border-b-0" data-testid={`network-section-${id}`}>
                  <AccordionTrigger headingLevel="h2" className="text-base">
                    <span>
                      {section.title}
                      {count === undefined ? null : <span className="ml-2 text-sm font-normal text-fg-muted">({count})</span>}
                    </span>
                  </AccordionTrigger>
                  <AccordionContent>{data ? <SectionList items={data[id]} section={section} /> : <SectionSkeleton />}</AccordionContent>
                </AccordionItem>
              );
            })}
          </Accordion>
        </Card>
      )}
    </Container>
  );
}
