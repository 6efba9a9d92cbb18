import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import type { CurrentUser } from '@ringwise/contract/users';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@ringwise/ui/dropdown-menu';
import { useAuth } from '../auth/auth-context.tsx';
import { AvatarButton } from './avatar-menu.tsx';
import { fullNameOf } from './user-display.ts';

/** Profile Settings, App Settings and Logout (spec §2 "Signed-in shell"); the admin console for admins. */
export function AccountMenu({ user, initiallyOpen, focusTrigger }: { user: CurrentUser | undefined; initiallyOpen: boolean; focusTrigger: boolean }) {
  const [, navigate] = useLocation();
  const { signOut } = useAuth();
  const [open, setOpen] = useState(initiallyOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  // this trigger replaces the placeholder avatar that had the focus: the keyboard user stays where they were
  useEffect(() => {
    if (focusTrigger && !initiallyOpen) trigger.current?.focus();
  }, [focusTrigger, initiallyOpen]);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <AvatarButton ref={trigger} user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="sh:w-56">
        {user && (
          <DropdownMenuLabel className="sh:grid sh:gap-0.5">
            {fullNameOf(user) ? <span className="sh:truncate">{fullNameOf(user)}</span> : null}
            <span className={fullNameOf(user) ? 'sh:truncate sh:text-xs sh:font-normal sh:text-muted-foreground' : 'sh:truncate'}>{user.email}</span>
          </DropdownMenuLabel>
        )}
        {user && <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={() => navigate('/profile-settings')}>
          <User aria-hidden className="sh:h-4 sh:w-4" /> Profile Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/home/settings')}>
          <Settings aria-hidden className="sh:h-4 sh:w-4" /> App Settings
        </DropdownMenuItem>
        {user?.role === 'admin' && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden className="sh:h-4 sh:w-4" /> Admin Console
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={async () => {
            await signOut();
            navigate('/');
          }}
        >
          <LogOut aria-hidden className="sh:h-4 sh:w-4" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
