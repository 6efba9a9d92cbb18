// A user's role: customer or admin, changed after a confirmation. The api refuses an admin's own demotion
// (400) and its message is shown as it is.
import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { adminRoles, type AdminRole, type AdminUser } from '@ringwise/contract/admin';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { fieldClass, invalidateAdminData } from '../admin-ui.tsx';

const isRole = (value: string): value is AdminRole => (adminRoles as readonly string[]).includes(value);

export function RoleControl({ user }: { user: AdminUser }) {
  const selectId = useId();
  const current = isRole(user.role) ? user.role : 'customer';
  const [chosen, setChosen] = useState<AdminRole>(current);
  const [confirming, setConfirming] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: () => adminActions.setRole(user.id, chosen),
    onError: () => setConfirming(false),
    onSuccess: async (result) => {
      setConfirming(false);
      toast({ variant: 'success', title: 'Role changed', description: `${user.email} is now ${result.role === 'admin' ? 'an admin' : 'a customer'}.` });
      await invalidateAdminData(client);
    },
  });
  return (
    <div className="sh:space-y-2">
      <Label htmlFor={selectId}>Role</Label>
      <div className="sh:flex sh:flex-wrap sh:items-center sh:gap-2">
        <select
          id={selectId}
          value={chosen}
          onChange={(event) => {
            if (isRole(event.target.value)) setChosen(event.target.value);
            change.reset();
          }}
          className={`${fieldClass} sh:w-40`}
        >
          {adminRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <Button ref={changeButton} variant="outline" aria-disabled={chosen === user.role || undefined} onClick={() => chosen !== user.role && setConfirming(true)}>
          Change role
        </Button>
      </div>
      {change.isError ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          {errorMessage(change.error)}
        </p>
      ) : null}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent returnFocusRef={changeButton}>
          <DialogHeader>
            <DialogTitle>Change the role?</DialogTitle>
            <DialogDescription>
              {user.email} will be {chosen === 'admin' ? 'an admin, with access to this console' : 'a customer, without access to this console'}.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button aria-disabled={change.isPending || undefined} onClick={() => !change.isPending && change.mutate()}>
              {change.isPending ? 'Changing…' : `Make ${chosen}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
