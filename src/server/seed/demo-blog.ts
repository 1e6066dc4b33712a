/** Demo blog posts: short practical articles in Persian with English versions (our own text). */
export interface DemoPost {
  slug: string;
  category: string;
  author: string;
  daysAgo: number;
  fa: [title: string, excerpt: string, body: string];
  en: [title: string, excerpt: string, body: string];
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('\n');

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'choosing-a-voltage-regulator',
    category: 'آموزش',
    author: 'مهندس رضایی',
    daysAgo: 3,
    fa: [
      'رگولاتور خطی یا سوئیچینگ؟',
      'کی LM7805 کافی است و کی باید سراغ مبدل سوئیچینگ رفت.',
      p(
        'رگولاتورهای خطی مانند LM7805 ساده و کم‌نویزند، اما اختلاف ولتاژ ورودی و خروجی را به گرما تبدیل می‌کنند. اگر ۱۲ ولت را به ۵ ولت با جریان نیم آمپر برسانید، حدود ۳٫۵ وات گرما تولید می‌شود و هیت‌سینک لازم است.',
        'مبدل‌های سوئیچینگ مانند LM2596 راندمانی بالای ۸۰ درصد دارند و برای جریان‌های بالا مناسب‌ترند. در عوض به سلف، دیود شاتکی و چیدمان دقیق برد نیاز دارند.',
      ),
    ],
    en: [
      'Linear or switching regulator?',
      'When an LM7805 is enough and when to use a switcher.',
      p(
        'Linear regulators such as the LM7805 are simple and quiet, but they turn the input-output difference into heat. Dropping 12V to 5V at half an amp makes about 3.5W of heat and needs a heatsink.',
        'Switching converters such as the LM2596 exceed 80% efficiency and suit higher currents, at the cost of an inductor, a Schottky diode and careful layout.',
      ),
    ],
  },
  {
    slug: 'original-vs-copy-chips',
    category: 'راهنمای خرید',
    author: 'تیم قطعه',
    daysAgo: 9,
    fa: [
      'اورجینال، ری‌نیو یا کپی؟',
      'فرق کیفیت‌های یک قطعه و انتخاب درست برای هر پروژه.',
      p(
        'برای محصول تجاری و مدارهای حساس، قطعه اورجینال با سابقه تأمین روشن انتخاب مطمئن است. قطعه ری‌نیو از بردهای دست دوم جدا و تست شده و برای تعمیرات اقتصادی است.',
        'قطعات کپی برای آموزش و نمونه‌سازی ارزان مناسب‌اند، اما مشخصات آن‌ها ممکن است با دیتاشیت سازنده کمی فرق کند.',
      ),
    ],
    en: [
      'Original, renew or copy?',
      'What the qualities mean and which to pick.',
      p(
        'For products and sensitive circuits, an original part with a known supply chain is the safe choice. Renew parts are pulled from used boards and tested; they make repairs affordable.',
        "Copies suit teaching and cheap prototypes, though their specs may differ a little from the maker's datasheet.",
      ),
    ],
  },
  {
    slug: 'reading-resistor-colour-codes',
    category: 'آموزش',
    author: 'مهندس رضایی',
    daysAgo: 14,
    fa: [
      'خواندن کد رنگی مقاومت',
      'با چهار نوار رنگی مقدار هر مقاومت را در چند ثانیه بخوانید.',
      p(
        'دو نوار اول رقم‌ها و نوار سوم ضریب است: زرد، بنفش، قرمز یعنی ۴۷ ضرب در ۱۰۰، یعنی ۴٫۷ کیلو اهم. نوار چهارم طلایی یا قهوه‌ای تلرانس را نشان می‌دهد.',
        'در مقاومت‌های پنج‌نواره سه نوار اول رقم‌اند. اگر شک دارید، با مولتی‌متر اندازه بگیرید.',
      ),
    ],
    en: [
      'Reading resistor colour codes',
      'Read any resistor in seconds from its four bands.',
      p(
        'The first two bands are digits and the third is the multiplier: yellow, violet, red means 47 × 100, or 4.7kΩ. A gold or brown fourth band gives the tolerance.',
        'Five-band resistors have three digit bands. When in doubt, measure with a multimeter.',
      ),
    ],
  },
  {
    slug: 'esp32-first-project',
    category: 'پروژه',
    author: 'سارا محمدی',
    daysAgo: 20,
    fa: [
      'اولین پروژه با ESP32',
      'دماسنج وای‌فای با ESP32 و DS18B20 در یک عصر.',
      p(
        'ESP32 وای‌فای و بلوتوث را روی یک تراشه دارد. با یک سنسور DS18B20 و مقاومت ۴٫۷ کیلو اهم می‌توانید دما را روی صفحه وب نمایش دهید.',
        'در Arduino IDE بسته ESP32 را نصب کنید، کتابخانه OneWire را اضافه کنید و پایه داده سنسور را به GPIO4 وصل کنید.',
      ),
    ],
    en: [
      'A first ESP32 project',
      'A Wi-Fi thermometer with an ESP32 and a DS18B20 in an evening.',
      p(
        'The ESP32 has Wi-Fi and Bluetooth on one chip. With a DS18B20 sensor and a 4.7kΩ resistor you can show the temperature on a web page.',
        'Install the ESP32 package in the Arduino IDE, add the OneWire library and wire the sensor data pin to GPIO4.',
      ),
    ],
  },
  {
    slug: 'decoupling-capacitors',
    category: 'آموزش',
    author: 'مهندس رضایی',
    daysAgo: 27,
    fa: [
      'خازن دکوپلینگ کجا و چقدر؟',
      'چرا کنار هر آی‌سی یک خازن ۱۰۰ نانو می‌گذاریم.',
      p(
        'هر آی‌سی دیجیتال هنگام سوئیچ جریان‌های کوتاه و تیز می‌کشد. خازن سرامیکی ۱۰۰ نانوفاراد نزدیک پایه تغذیه این جریان را تأمین می‌کند و نویز را از خط تغذیه دور نگه می‌دارد.',
        'برای میکروکنترلرها یک خازن الکترولیتی ۱۰ تا ۴۷ میکروفاراد هم در ورودی تغذیه برد قرار دهید.',
      ),
    ],
    en: [
      'Decoupling capacitors: where and how much',
      'Why every IC gets a 100nF capacitor.',
      p(
        'Every digital IC draws short, sharp currents when it switches. A 100nF ceramic capacitor next to the supply pin delivers them and keeps the noise off the rail.',
        'For microcontroller boards add a 10-47µF electrolytic at the supply input as well.',
      ),
    ],
  },
  {
    slug: 'mosfet-from-arduino',
    category: 'پروژه',
    author: 'سارا محمدی',
    daysAgo: 35,
    fa: [
      'کنترل بار سنگین با آردوینو و ماسفت',
      'نوار LED دوازده ولتی را با یک IRLZ44N روشن کنید.',
      p(
        'پایه آردوینو حداکثر حدود ۲۰ میلی‌آمپر می‌دهد. ماسفت گیت منطقی IRLZ44N با ۵ ولت کاملاً روشن می‌شود و چند آمپر را بدون گرمای زیاد عبور می‌دهد.',
        'یک مقاومت ۱۰۰ اهم سری با گیت و یک مقاومت ۱۰ کیلو از گیت به زمین بگذارید تا ماسفت هنگام ریست روشن نماند.',
      ),
    ],
    en: [
      'Switching heavy loads from an Arduino',
      'Drive a 12V LED strip with one IRLZ44N.',
      p(
        'An Arduino pin gives about 20mA at most. The logic-level IRLZ44N turns fully on at 5V and passes several amps without much heat.',
        'Put 100Ω in series with the gate and 10kΩ from gate to ground so the MOSFET stays off during reset.',
      ),
    ],
  },
  {
    slug: 'soldering-basics',
    category: 'آموزش',
    author: 'تیم قطعه',
    daysAgo: 48,
    fa: [
      'اصول لحیم‌کاری تمیز',
      'دما، روغن لحیم و چند عادت که اتصال‌ها را محکم می‌کند.',
      p(
        'برای لحیم قلع‌وسرب دمای ۳۲۰ تا ۳۵۰ درجه کافی است. نوک هویه را تمیز و قلع‌اندود نگه دارید و پایه و پد را هم‌زمان گرم کنید.',
        'لحیم خوب براق و مخروطی است. پس از کار، باقی‌مانده روغن لحیم را با الکل ایزوپروپیل پاک کنید.',
      ),
    ],
    en: [
      'Clean soldering basics',
      'Temperature, flux and a few habits for solid joints.',
      p(
        'For tin-lead solder 320-350°C is enough. Keep the tip clean and tinned, and heat the lead and the pad together.',
        'A good joint is shiny and cone-shaped. Clean off flux residue with isopropyl alcohol afterwards.',
      ),
    ],
  },
  {
    slug: 'bom-upload-tips',
    category: 'راهنمای خرید',
    author: 'تیم قطعه',
    daysAgo: 60,
    fa: [
      'سفارش سریع با فایل BOM',
      'فهرست قطعات پروژه را بارگذاری کنید و یکجا سفارش دهید.',
      p(
        'فایل CSV یا اکسل فهرست قطعات را با ستون‌های شماره قطعه و تعداد بارگذاری کنید. سامانه هر ردیف را با کالاهای فروشگاه تطبیق می‌دهد و جایگزین‌ها را پیشنهاد می‌کند.',
        'تعداد برد را وارد کنید تا تعداد هر قطعه خودکار ضرب شود.',
      ),
    ],
    en: [
      'Ordering fast with a BOM file',
      'Upload your parts list and order it in one go.',
      p(
        'Upload a CSV or Excel parts list with part number and quantity columns. Each line is matched to our catalogue and alternatives are offered.',
        'Enter the number of boards and every quantity is multiplied for you.',
      ),
    ],
  },
];
