// "Salir" in a live game asks first (issue 35 #3): leaving hands the seat to the CPU after the grace
// period, so a player confirms it in an alert dialog that keeps the keyboard inside it; anyone else
// leaves at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import LeaveRoom from '../src/lib/LeaveRoom.svelte';
import { settings } from '../src/lib/settings.svelte';

let left = 0;
const onLeave = () => left++;
beforeEach(() => {
  left = 0;
  settings.lang = 'es';
});

describe('leaving a room', () => {
  it('a player in a live game is asked first; "Seguir jugando" (or Escape) keeps the seat, the other button leaves', async () => {
    const { container, getByRole } = render(LeaveRoom, { inGame: true, onLeave });
    const leave = container.querySelector('[data-action="leave"]') as HTMLButtonElement;
    expect(leave.textContent).toBe('Salir');
    await fireEvent.click(leave);
    expect(left).toBe(0);

    const dialog = getByRole('alertdialog', { name: '¿Salir de la partida?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toContain('la CPU juega por ti');
    const stay = dialog.querySelector('[data-action="stay"]') as HTMLButtonElement;
    expect(document.activeElement).toBe(stay); // the safe answer first
    await fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(dialog.querySelector('[data-action="confirm-leave"]'));
    await fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(stay); // the focus stays inside the dialog

    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement).toBe(leave);
    expect(left).toBe(0);

    await fireEvent.click(leave);
    await fireEvent.click(container.querySelector('[data-action="confirm-leave"]')!);
    expect(left).toBe(1);
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it('a spectator, or a player between games, leaves at once', async () => {
    const { container } = render(LeaveRoom, { inGame: false, onLeave });
    await fireEvent.click(container.querySelector('[data-action="leave"]')!);
    expect(left).toBe(1);
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
  });
});
