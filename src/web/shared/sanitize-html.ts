// Product descriptions are HTML from the storefront (a merchant's text). Before it reaches the page it
// keeps only simple formatting tags and no attributes at all: no scripts, handlers, links or styles.

const ALLOWED = new Set(['P', 'STRONG', 'EM', 'B', 'I', 'UL', 'OL', 'LI', 'BR', 'SPAN', 'H3', 'H4']);

export function sanitizeHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const clean = (node: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        if (!ALLOWED.has(element.tagName)) {
          if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(element.tagName)) element.remove();
          else element.replaceWith(...element.childNodes);
          clean(node);
          return;
        }
        for (const attr of [...element.attributes]) element.removeAttribute(attr.name);
        clean(element);
      } else if (child.nodeType !== Node.TEXT_NODE) {
        child.remove();
      }
    }
  };
  clean(template.content);
  return template.innerHTML;
}
