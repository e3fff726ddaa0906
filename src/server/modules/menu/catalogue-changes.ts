// Whoever keeps a copy of the catalogue (the takeaway menu's, rendered public pages) listens here, and the back
// office says when it has changed it (issue 25 part 2: a change reaches the storefront and the takeaway menus
// at once). In this process only: another server process's copies last their few seconds (decision 19).

export class CatalogueChanges {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Call after the change has committed: a copy made before it is forgotten. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }
}
