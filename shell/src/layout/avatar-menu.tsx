// The avatar and its menu. The menu's code (radix menu + positioning, ~25 KB) is not part of the first
// load: it is fetched when the pointer or focus reaches the avatar, and the click opens it once there.
import { forwardRef, useCallback, useEffect, useRef, useState, type ComponentProps, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { User } from 'lucide-react';
import { userQueries, type CurrentUser } from '@ringwise/contract/users';
import { initialsOf } from './user-display.ts';

type AccountMenuModule = typeof import('./account-menu.tsx');
let menuModule: Promise<AccountMenuModule> | null = null;
const loadMenu = () => (menuModule ??= import('./account-menu.tsx').catch((error: unknown) => {
  menuModule = null;
  throw error;
}));

export const AvatarButton = forwardRef<HTMLButtonElement, ComponentProps<'button'> & { user: CurrentUser | undefined }>(
  function AvatarButton({ user, ...props }, ref) {
    const initials = initialsOf(user);
    return (
      <button
        ref={ref}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        className="sh:flex sh:h-9 sh:w-9 sh:items-center sh:justify-center sh:overflow-hidden sh:rounded-full sh:bg-accent sh:text-sm sh:font-semibold sh:text-accent-foreground"
        {...props}
      >
        {user?.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="sh:h-full sh:w-full sh:object-cover" />
        ) : initials ? (
          initials
        ) : (
          <User aria-hidden className="sh:h-4 sh:w-4" />
        )}
      </button>
    );
  },
);

export function AvatarMenu() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } }).data;
  const [Menu, setMenu] = useState<ComponentType<{ user: CurrentUser | undefined; initiallyOpen: boolean; focusTrigger: boolean }> | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const [hadFocus, setHadFocus] = useState(false);

  const prefetch = useCallback(() => {
    loadMenu().then(
      (mod) => {
        setHadFocus(placeholder.current !== null && document.activeElement === placeholder.current);
        setMenu(() => mod.AccountMenu);
      },
      (error: unknown) => console.error('The account menu could not be loaded', error),
    );
  }, []);
  useEffect(() => {
    if (openWhenLoaded) prefetch();
  }, [openWhenLoaded, prefetch]);

  if (Menu) return <Menu user={user} initiallyOpen={openWhenLoaded} focusTrigger={hadFocus} />;
  return (
    <AvatarButton
      ref={placeholder}
      user={user}
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      // on pointer-down, as the real menu opens: should its code arrive between the press and the release, this
      // button is replaced and no click ever comes
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) setOpenWhenLoaded(true);
      }}
      onClick={() => setOpenWhenLoaded(true)}
    />
  );
}
