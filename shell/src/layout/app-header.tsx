import { Link } from 'wouter';
import { Phone } from 'lucide-react';
import { BalanceButton } from './balance-button.tsx';
import { AvatarMenu } from './avatar-menu.tsx';

export function AppHeader() {
  return (
    <header className="sh:sticky sh:top-0 sh:z-30 sh:border-b sh:border-border sh:bg-background/95 sh:backdrop-blur">
      <div className="sh:mx-auto sh:flex sh:h-14 sh:max-w-5xl sh:items-center sh:justify-between sh:gap-3 sh:px-4">
        <Link href="/home" className="sh:flex sh:items-center sh:gap-2 sh:font-semibold sh:text-foreground">
          <span className="sh:flex sh:h-8 sh:w-8 sh:items-center sh:justify-center sh:rounded-full sh:bg-primary sh:text-primary-foreground">
            <Phone aria-hidden className="sh:h-4 sh:w-4" />
          </span>
          Ringwise
        </Link>
        <div className="sh:flex sh:items-center sh:gap-2">
          <BalanceButton />
          <AvatarMenu />
        </div>
      </div>
    </header>
  );
}
