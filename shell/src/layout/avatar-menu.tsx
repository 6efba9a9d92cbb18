import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { LogOut, Settings, User } from 'lucide-react';
import { currentUserQueryKey, type CurrentUser } from '@ringwise/api-client';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@ringwise/ui/dropdown-menu';
import { useAuth } from '../auth/auth-context.tsx';

function initialsOf(user: CurrentUser | undefined): string {
  const letters = [user?.firstName, user?.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '').toUpperCase();
}

export function AvatarMenu() {
  const [, navigate] = useLocation();
  const { signOut } = useAuth();
  const user = useQuery<CurrentUser>({ queryKey: currentUserQueryKey, meta: { silent: true } }).data;
  const initials = initialsOf(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="sh:flex sh:h-9 sh:w-9 sh:items-center sh:justify-center sh:overflow-hidden sh:rounded-full sh:bg-accent sh:text-sm sh:font-semibold sh:text-accent-foreground"
      >
        {user?.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="sh:h-full sh:w-full sh:object-cover" />
        ) : initials ? (
          initials
        ) : (
          <User aria-hidden className="sh:h-4 sh:w-4" />
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="sh:w-56">
        {user && <DropdownMenuLabel className="sh:truncate">{user.email}</DropdownMenuLabel>}
        {user && <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={() => navigate('/profile-settings')}>
          <User aria-hidden className="sh:h-4 sh:w-4" /> Profile Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/home/settings')}>
          <Settings aria-hidden className="sh:h-4 sh:w-4" /> App Settings
        </DropdownMenuItem>
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
