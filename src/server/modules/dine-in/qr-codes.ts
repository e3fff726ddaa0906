import QRCode from 'qrcode';

// QR codes of the shop's links (issue 21 part 1): a table's (printed by the staff from the floor view) and a
// tab's join link (on the holder's phone). Made on the server by the `qrcode` package as SVG, so no QR code
// library reaches a browser.

export async function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#2f2a26', light: '#ffffff' },
  });
}

/** A table's link: its restaurant's eat-in menu with the table set. */
export function tableUrl(publicUrl: string, restaurantId: string, tableNumber: string | null): string {
  const query = new URLSearchParams({
    restaurant: restaurantId,
    ...(tableNumber ? { table: tableNumber } : {}),
  });
  return `${publicUrl}/dine-in?${query.toString()}`;
}
