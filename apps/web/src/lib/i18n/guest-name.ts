// A new guest's name, in the language of the device that makes it: "Águila 4821", "Eagle 4821", "鷲 4821".
// The client picks it (the server keeps whatever name the device sends), so it is readable in its owner's
// language; others see it as written, like any name a person chooses.
import type { Lang } from '../pieces';
import { message } from './messages';

const ANIMALS = ['kirin', 'phoenix', 'lion', 'dragon', 'falcon', 'eagle', 'tiger', 'leopard'] as const;

/** `random` returns [0, 1), like Math.random: one draw picks the animal, another the number 1000–9999. */
export function guestName(lang: Lang, random: () => number = Math.random): string {
  const animal = ANIMALS[Math.floor(random() * ANIMALS.length)];
  const number = 1000 + Math.floor(random() * 9000);
  return message(lang, 'guest.name', { animal: message(lang, `guest.animal.${animal}` as const), number });
}
