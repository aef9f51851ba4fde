import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { commitsOf } from '@/test/commits';
import { AlertDialog, AlertDialogContent, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from './dialog';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from './sheet';

// What a closed dialog leaves in the page: Radix draws its content into a portal in <body>.
const portalled = () => document.body.querySelectorAll('[data-state]').length;

describe('dialogs draw their content from the first time they open', () => {
  it('a closed dialog, alert or sheet mounts in one render, with no update of its own', () => {
    expect(
      commitsOf(
        <>
          <Dialog>
            <DialogTrigger>Subscribe</DialogTrigger>
            <DialogContent>
              <DialogTitle>Subscribe to the calendar</DialogTitle>
            </DialogContent>
          </Dialog>
          <AlertDialog>
            <AlertDialogContent>
              <AlertDialogTitle>Delete the event?</AlertDialogTitle>
            </AlertDialogContent>
          </AlertDialog>
          <Sheet>
            <SheetTrigger>Menu</SheetTrigger>
            <SheetContent>
              <SheetTitle>Menu</SheetTitle>
            </SheetContent>
          </Sheet>
        </>,
      ),
    ).toEqual(['mount']);
  });

  it('a dialog opened by its trigger', () => {
    render(
      <Dialog>
        <DialogTrigger>Subscribe</DialogTrigger>
        <DialogContent>
          <DialogTitle>Subscribe to the calendar</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    // Only the trigger carries a state while the dialog has never opened.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(portalled()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('dialog', { name: 'Subscribe to the calendar' })).toBeTruthy();
  });

  it('a dialog its owner opens, and one that starts open', () => {
    function Owned() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Register</button>
          <AlertDialog open={open} onOpenChange={setOpen}>
            <AlertDialogContent>
              <AlertDialogTitle>Register for Event</AlertDialogTitle>
            </AlertDialogContent>
          </AlertDialog>
        </>
      );
    }
    render(<Owned />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Register' }).click());
    expect(screen.getByRole('alertdialog', { name: 'Register for Event' })).toBeTruthy();
  });

  it('a sheet, which starts open when asked to', () => {
    render(
      <Sheet defaultOpen>
        <SheetTrigger>Menu</SheetTrigger>
        <SheetContent>
          <SheetTitle>Menu</SheetTitle>
        </SheetContent>
      </Sheet>,
    );
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});
