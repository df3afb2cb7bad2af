/** The QR code image of a recharge: a PNG of the provider's code URL. */
import QRCode from 'qrcode';

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
}
