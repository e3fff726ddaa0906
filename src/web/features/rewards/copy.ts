import { showToast } from '../../shared/ui/toast';

// Copying a code or a link: the clipboard where the browser allows it, else the toast says what to copy.

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(`${what} copied`);
  } catch {
    showToast(`${what}: ${text}`);
  }
}
