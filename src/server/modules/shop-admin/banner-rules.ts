import {
  BANNER_MIN_CONTRAST,
  contrastRatio,
  HEX_COLOUR,
  type BannerAdminBody,
} from '../../../contracts/back-office-shop';

// What a marketing banner made or changed in the back office must be (issue 25 part 3): words to show, a link
// on the shop or to a secure address, colours as #rrggbb whose text stays readable on its background (WCAG
// AA, 4.5:1), and an end no earlier than its start. Pure: each problem names its field.

export interface BannerProblem {
  field: keyof BannerAdminBody;
  message: string;
}

export function bannerProblems(body: BannerAdminBody): BannerProblem[] {
  const problems: BannerProblem[] = [];
  const add = (field: BannerProblem['field'], message: string) => problems.push({ field, message });
  if (body.text.trim() === '') add('text', 'Write the banner’s words.');
  if (body.link !== null && body.link !== '' && !/^(\/(?!\/)|https:\/\/)\S*$/.test(body.link)) {
    add('link', 'A link is a page of the shop such as /menu, or an address starting https://.');
  }
  const colours = (['bgColor', 'fgColor'] as const).filter((field) => !HEX_COLOUR.test(body[field]));
  for (const field of colours) add(field, 'A colour is written #rrggbb, such as #576458.');
  if (colours.length === 0) {
    const ratio = contrastRatio(body.bgColor, body.fgColor);
    if (ratio < BANNER_MIN_CONTRAST) {
      add(
        'fgColor',
        `The text would be hard to read on that background (contrast ${ratio.toFixed(1)}:1, at least ${BANNER_MIN_CONTRAST}:1): choose a lighter or darker colour.`,
      );
    }
  }
  if (body.position < 0) add('position', 'The order is a number from 0, the first banner.');
  if (body.startDate !== null && body.endDate !== null && body.endDate < body.startDate) {
    add('endDate', 'The end date is before the start date.');
  }
  return problems;
}
