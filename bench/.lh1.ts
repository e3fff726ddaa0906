import { lighthouse } from './lighthouse';
console.log(await lighthouse('http://localhost:3111/menu'));
