/** "Maria", "Lopez" → "ML"; falls back to a single letter or a dot. */
export function initials(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || '•';
}
