import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet.tsx';
import { __resetToastsForTests, toast } from './toast.tsx';
import { Toaster } from './toaster.tsx';

afterEach(cleanup);

function TopUp() {
  return (
    <Dialog>
      <DialogTrigger>Add credits</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Calling Credits</DialogTitle>
          <DialogDescription>Pick an amount.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose>Cancel</DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

describe('Dialog', () => {
  test('Escape closes it, also when a toast shown after it is up (radix would give the toast the key)', async () => {
    __resetToastsForTests();
    render(
      <>
        <TopUp />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add credits' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Calling Credits' });
    toast({ variant: 'success', title: 'Number purchased' });
    await screen.findByText('Number purchased');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Escape does not close a dialog that refuses it', () => {
    render(
      <Dialog defaultOpen>
        <DialogContent onEscapeKeyDown={(event) => event.preventDefault()}>
          <DialogTitle>Verifying</DialogTitle>
          <DialogDescription>Answer the call.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Verifying' }), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Verifying' })).toBeTruthy();
  });

  test('is closed until its trigger is clicked, then shows a labelled modal dialog', () => {
    render(<TopUp />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Add credits' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');

    fireEvent.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Add Calling Credits' });
    expect(screen.getByText('Add Calling Credits').tagName).toBe('H2');
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Pick an amount.').id);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  test('has a close button named "Close" (sr-only text) that closes it', () => {
    render(<TopUp />);
    fireEvent.click(screen.getByRole('button', { name: 'Add credits' }));
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.querySelector('.sr-only')?.textContent).toBe('Close');
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('DialogClose closes it too', () => {
    render(<TopUp />);
    fireEvent.click(screen.getByRole('button', { name: 'Add credits' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Sheet', () => {
  test('Escape closes it, also when a toast shown after it is up', async () => {
    __resetToastsForTests();
    render(
      <>
        <Sheet>
          <SheetTrigger>Pick a contact</SheetTrigger>
          <SheetContent>
            <SheetTitle>Contacts</SheetTitle>
            <SheetDescription>Choose one to call.</SheetDescription>
          </SheetContent>
        </Sheet>
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pick a contact' }));
    const sheet = screen.getByRole('dialog', { name: 'Contacts' });
    toast({ variant: 'success', title: 'Contact saved' });
    await screen.findByText('Contact saved');
    fireEvent.keyDown(sheet, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('opens from its trigger on the requested side', () => {
    render(
      <Sheet>
        <SheetTrigger>Menu</SheetTrigger>
        <SheetContent side="bottom">
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription>Where to?</SheetDescription>
        </SheetContent>
      </Sheet>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const sheet = screen.getByRole('dialog', { name: 'Navigation' });
    expect(sheet.getAttribute('data-side')).toBe('bottom');
    expect(sheet.className).toContain('bottom-0');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
