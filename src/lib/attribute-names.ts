/**
 * Persian names of the catalogue's attribute names. The store's files name attributes in English
 * only ("Slew rate", "Noise"); a Persian page shows the Persian name, the attribute's own `name_fa`
 * when the store gave one, else this table's. Symbols and abbreviations engineers read as they are
 * (GBW, CMRR, ESR, hFE, Vce(sat), USB…) are not in the table and stay as written.
 */
const FA: Record<string, string> = {
  'A side': 'سمت A', 'Access time': 'زمان دسترسی', 'Accel': 'شتاب‌سنج', 'Accuracy': 'دقت', 'Action': 'عملکرد', 'Actuator': 'محرک',
  'Address': 'آدرس', 'Adjustment': 'تنظیم', 'Alloy': 'آلیاژ', 'Analog inputs': 'ورودی‌های آنالوگ', 'Antenna': 'آنتن', 'Area': 'مساحت',
  'Assembly': 'مونتاژ', 'Attenuation': 'تضعیف', 'Axes': 'محورها', 'B side': 'سمت B', 'B value': 'ضریب B', 'Backlight': 'نور پس‌زمینه',
  'Backup': 'پشتیبان', 'Balance': 'تعادل', 'Bands': 'باندها', 'Bandwidth': 'پهنای باند', 'Barrel size': 'اندازه بشکه', 'Baud rate': 'نرخ باود',
  'Bearing': 'بلبرینگ', 'Bits': 'بیت', 'Breakdown voltage': 'ولتاژ شکست', 'Breakover voltage': 'ولتاژ روشن‌شدن', 'Bus': 'باس',
  'Buttons': 'دکمه‌ها', 'Cable': 'کابل', 'Camera': 'دوربین', 'Capacitance': 'ظرفیت خازنی', 'Capacity': 'ظرفیت', 'Carrier': 'حامل', 'Case': 'بدنه',
  'Category': 'دسته', 'Cathode current': 'جریان کاتد', 'Cathode voltage': 'ولتاژ کاتد', 'Cells': 'سلول‌ها', 'Chainable': 'قابل زنجیره‌شدن',
  'Channel': 'کانال', 'Channels': 'تعداد کانال', 'Charge current': 'جریان شارژ', 'Charge voltage': 'ولتاژ شارژ', 'Chemistry': 'شیمی باتری',
  'Chip': 'تراشه', 'Class': 'کلاس', 'Clock': 'کلاک', 'Coil': 'بوبین', 'Colour': 'رنگ', 'Colours': 'رنگ‌ها', 'Common': 'مشترک',
  'Conductivity': 'رسانایی', 'Conductor': 'رسانا', 'Conductors': 'تعداد رشته', 'Connector': 'کانکتور', 'Contacts': 'کنتاکت‌ها', 'Control': 'کنترل',
  'Controller': 'کنترلر', 'Conversion time': 'زمان تبدیل', 'Core': 'هسته', 'Counts': 'شمارش', 'Crystal': 'کریستال', 'Current': 'جریان', 'Cut': 'برش',
  'Cutout': 'قطع', 'Dark resistance': 'مقاومت در تاریکی', 'Data': 'داده', 'Data rate': 'نرخ داده', 'Debugger': 'دیباگر', 'Delay': 'تأخیر',
  'Density': 'چگالی', 'Detents': 'پله‌ها', 'Devices': 'دستگاه‌ها', 'Diameter': 'قطر', 'Dielectric': 'دی‌الکتریک', 'Digit height': 'ارتفاع رقم',
  'Digital I/O': 'ورودی/خروجی دیجیتال', 'Digits': 'تعداد رقم', 'Direction': 'جهت', 'Disc diameter': 'قطر دیسک', 'Discharge': 'دشارژ',
  'Display': 'نمایشگر', 'Drain voltage': 'ولتاژ درین', 'Driver': 'درایور', 'Driver slots': 'جای درایور', 'Drivers': 'درایورها', 'Dropout': 'افت ولتاژ',
  'Element': 'المنت', 'Extras': 'امکانات دیگر', 'Family': 'خانواده', 'Firmware': 'فریمور', 'Fits': 'مناسب برای', 'Flash': 'حافظه فلش',
  'Flux': 'فلاکس', 'Force': 'نیرو', 'Format': 'فرمت', 'Formats': 'فرمت‌ها', 'Forward current': 'جریان مستقیم', 'Forward voltage': 'ولتاژ مستقیم',
  'Frequency': 'فرکانس', 'Function': 'عملکرد', 'Functions': 'عملکردها', 'Fuse size': 'اندازه فیوز', 'Gain': 'بهره', 'Gangs': 'تعداد طبقه',
  'Gases': 'گازها', 'Gates': 'گیت‌ها', 'Gauge': 'گیج', 'Gears': 'چرخ‌دنده', 'Gyro': 'ژیروسکوپ', 'Headers': 'هدرها', 'Heater': 'گرمکن',
  'Height': 'ارتفاع', 'Hold current': 'جریان نگهداری', 'Holding torque': 'گشتاور نگهداری', 'Host bus': 'باس میزبان', 'Hot air': 'هوای گرم',
  'Humidity': 'رطوبت', 'I/O pins': 'پایه‌های ورودی/خروجی', 'Illuminated': 'چراغ‌دار', 'Impedance': 'امپدانس', 'Inductance': 'اندوکتانس',
  'Input': 'ورودی', 'Input current': 'جریان ورودی', 'Input offset': 'آفست ورودی', 'Input voltage': 'ولتاژ ورودی', 'Insulated': 'عایق‌دار',
  'Insulation': 'عایق', 'Interface': 'رابط', 'Iron': 'هویه', 'Isolation': 'ایزولاسیون', 'Jack': 'جک', 'Keys': 'کلیدها', 'Label capacity': 'ظرفیت برچسب',
  'Length': 'طول', 'Lens': 'لنز', 'Levels': 'سطوح', 'Life': 'عمر', 'Light resistance': 'مقاومت در روشنایی', 'Lines': 'خطوط', 'Load': 'بار',
  'Load capacitance': 'خازن بار', 'Load cell': 'لودسل', 'Magnetics': 'مغناطیس', 'Marking': 'کد روی قطعه', 'Material': 'جنس', 'Matrix': 'ماتریس',
  'Max AC voltage': 'بیشینه ولتاژ AC', 'Max board width': 'بیشینه عرض برد', 'Max current': 'بیشینه جریان', 'Max discharge': 'بیشینه دشارژ',
  'Max duty cycle': 'بیشینه چرخه کار', 'Max frequency': 'بیشینه فرکانس', 'Measured capacity': 'ظرفیت اندازه‌گیری‌شده', 'Measures': 'اندازه‌گیری‌ها',
  'Memory': 'حافظه', 'Microphone': 'میکروفون', 'Microstepping': 'میکرواستپ', 'Mode': 'حالت', 'Modulation': 'مدولاسیون', 'Module': 'ماژول',
  'Mounting': 'نوع نصب', 'Network': 'شبکه', 'Noise': 'نویز', 'Offset voltage': 'ولتاژ آفست', 'On-state current': 'جریان حالت روشن',
  'Operating current': 'جریان کار', 'Operating temperature': 'دمای کار', 'Operating voltage': 'ولتاژ کار', 'Order number': 'شماره سفارش سازنده',
  'Oscillator': 'نوسان‌ساز', 'Other radio': 'رادیوی دیگر', 'Outer diameter': 'قطر خارجی', 'Output': 'خروجی', 'Output current': 'جریان خروجی',
  'Output power': 'توان خروجی', 'Output voltage': 'ولتاژ خروجی', 'Outputs': 'خروجی‌ها', 'Overcharge': 'حفاظت اضافه‌شارژ', 'Overdischarge': 'حفاظت دشارژ عمیق',
  'Pack': 'بسته', 'Package': 'پکیج', 'Peak': 'پیک', 'Peak blocking voltage': 'ولتاژ سد پیک', 'Peak current': 'جریان پیک',
  'Peak output current': 'جریان پیک خروجی', 'Peak pulse power': 'توان پالس پیک', 'Phases': 'فازها', 'Pieces': 'تعداد قطعه', 'Pin length': 'طول پایه',
  'Pins': 'تعداد پایه', 'Pitch': 'گام پایه', 'Plug': 'دوشاخه', 'Points': 'نقاط', 'Poles': 'قطب‌ها', 'Positions': 'وضعیت‌ها', 'Power': 'توان',
  'Pressure': 'فشار', 'Probe': 'پراب', 'Programming': 'برنامه‌ریزی', 'Protection': 'حفاظت', 'Pulses': 'پالس‌ها', 'Quiescent current': 'جریان بی‌باری',
  'Radiant intensity': 'شدت تابش', 'Radio': 'رادیو', 'Range': 'محدوده', 'Ranges': 'محدوده‌ها', 'Rated current': 'جریان نامی', 'Rating': 'مقدار نامی',
  'Ratio': 'نسبت', 'Receiver': 'گیرنده', 'Receivers': 'گیرنده‌ها', 'Reference': 'مرجع', 'Repetitive voltage': 'ولتاژ تکراری', 'Resistance': 'مقاومت',
  'Resistance at 25°C': 'مقاومت در ۲۵ درجه', 'Resistor': 'مقاومت', 'Resolution': 'دقت تفکیک', 'Response time': 'زمان پاسخ', 'Reverse voltage': 'ولتاژ معکوس',
  'Role': 'نقش', 'Rotation': 'چرخش', 'Rows': 'ردیف‌ها', 'Sample rate': 'نرخ نمونه‌برداری', 'Segments': 'سگمنت‌ها', 'Sensitivity': 'حساسیت',
  'Sensor': 'سنسور', 'Series': 'سری', 'Settling time': 'زمان نشست', 'Shape': 'شکل', 'Shielded': 'شیلددار', 'Sides': 'تعداد رو', 'Size': 'اندازه',
  'Sizes': 'اندازه‌ها', 'Slew rate': 'نرخ تغییر خروجی', 'Sockets': 'سوکت‌ها', 'Software': 'نرم‌افزار', 'Sound level': 'شدت صدا', 'Speed': 'سرعت',
  'Stages': 'طبقه‌ها', 'Standoff voltage': 'ولتاژ کار معکوس', 'Step angle': 'زاویه گام', 'Steps per revolution': 'گام در هر دور', 'Stick': 'شاخه',
  'Storage': 'ذخیره‌سازی', 'Supply current': 'جریان تغذیه', 'Supply voltage': 'ولتاژ تغذیه', 'Switch': 'کلید', 'Switch current': 'جریان کلید',
  'Switching frequency': 'فرکانس سوئیچینگ', 'Systems': 'سامانه‌ها', 'Taper': 'منحنی تغییر', 'Targets': 'هدف‌ها', 'Technology': 'فناوری',
  'Temperature': 'دما', 'Terminals': 'ترمینال‌ها', 'Thermocouple': 'ترموکوپل', 'Thickness': 'ضخامت', 'Thread': 'رزوه', 'Timers': 'تایمرها', 'Tip': 'نوک',
  'Tolerance': 'تلرانس', 'Topology': 'توپولوژی', 'Torque': 'گشتاور', 'Touch': 'لمسی', 'Transceiver': 'فرستنده‌گیرنده', 'Trip current': 'جریان قطع',
  'Turns': 'تعداد دور', 'Type': 'نوع', 'Unit': 'واحد', 'Unit loads': 'بار واحد', 'Use': 'کاربرد', 'Varistor voltage': 'ولتاژ واریستور',
  'Viewing angle': 'زاویه دید', 'Virtual COM': 'پورت COM مجازی', 'Voltage': 'ولتاژ', 'Volume': 'حجم', 'Wavelength': 'طول موج',
  'Wavelength / CCT': 'طول موج / دمای رنگ', 'Ways': 'تعداد راه', 'Weight': 'وزن', 'Width': 'عرض', 'Wire': 'سیم', 'Wire size': 'سایز سیم',
  'Wireless': 'بی‌سیم', 'Wires': 'تعداد سیم', 'Zener voltage': 'ولتاژ زنر', 'Zero cross': 'عبور از صفر', 'Zero-cross': 'عبور از صفر',
};

/** The Persian name of an attribute: the store's own, else the table's, else the name as written (a symbol). */
export function attributeNameFa(name: string, storedFa: string | null | undefined): string | null {
  return storedFa || FA[name.trim()] || null;
}
