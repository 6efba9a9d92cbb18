// Blocked prefixes: destinations no call may reach (fraud, abuse), with why; block one or lift a block.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { BlockedPrefix } from '@ringwise/contract/admin';
import { Button } from '@ringwise/ui/button';
import { DataTable } from '@ringwise/ui/data-table';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { fieldClass, invalidateAdminData, TitledSection } from '../admin-ui.tsx';

export function BlockedPrefixes({ blocked }: { blocked: BlockedPrefix[] | null }) {
  const id = useId();
  const [prefix, setPrefix] = useState('');
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const block = useMutation({
    mutationFn: () => adminActions.blockPrefix(prefix.trim().replace(/^\+/, ''), reason.trim()),
    onError: () => {},
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Prefix blocked', description: `Calls to +${result.prefix}… are refused.` });
      setPrefix('');
      setReason('');
      await invalidateAdminData(client);
    },
  });
  const unblock = useMutation({
    mutationFn: (target: string) => adminActions.unblockPrefix(target),
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Block lifted', description: `Calls to +${result.prefix}… are allowed again.` });
      await invalidateAdminData(client);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!block.isPending) block.mutate();
  };

  return (
    <TitledSection title="Blocked prefixes">
      {blocked === null ? null : blocked.length === 0 ? (
        <p className="sh:text-sm sh:text-muted-foreground">No destination is blocked.</p>
      ) : (
        <DataTable
          label="Blocked prefixes"
          columns={[
            { header: 'Prefix', cell: (entry) => `+${entry.prefix}`, rowHeader: true, className: 'sh:tabular-nums' },
            { header: 'Reason', cell: (entry) => entry.reason, className: 'sh:whitespace-normal' },
            {
              header: <span className="sh:sr-only">Actions</span>,
              cell: (entry) => (
                <Button size="sm" variant="outline" onClick={() => unblock.mutate(entry.prefix)} aria-label={`Unblock +${entry.prefix}`}>
                  Unblock
                </Button>
              ),
            },
          ]}
          rows={blocked}
          rowKey={(entry) => entry.prefix}
        />
      )}
      {unblock.isError ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          {errorMessage(unblock.error)}
        </p>
      ) : null}
      <form onSubmit={submit} className="sh:flex sh:flex-wrap sh:items-end sh:gap-2" noValidate>
        <div className="sh:grid sh:gap-1">
          <Label htmlFor={`${id}-prefix`}>Prefix</Label>
          <input id={`${id}-prefix`} value={prefix} onChange={(e) => setPrefix(e.target.value)} inputMode="numeric" placeholder="4470" autoComplete="off" className={`${fieldClass} sh:w-36`} />
        </div>
        <div className="sh:grid sh:min-w-48 sh:flex-1 sh:gap-1">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoComplete="off" className={fieldClass} />
        </div>
        <Button type="submit" variant="destructive" aria-disabled={block.isPending || undefined}>
          {block.isPending ? 'Blocking…' : 'Block prefix'}
        </Button>
      </form>
      {block.isError ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          {errorMessage(block.error)}
        </p>
      ) : null}
    </TitledSection>
  );
}
