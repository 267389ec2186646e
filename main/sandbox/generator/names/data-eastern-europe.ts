// Name pools of Central and Eastern European, Greek and Turkish cultures, most frequent first.
// Russian entries are in Cyrillic only: their Latin spellings come from the transliteration schemes.
import type { CultureData } from './culture-types';

// prettier-ignore
export const POLISH: CultureData = {
  id: 'pl',
  countries: [['PL', 95], ['DE', 3], ['GB', 2]],
  male: [
    'Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Jan', 'Michał', 'Marcin', 'Stanisław', 'Jakub',
    'Adam', 'Marek', 'Łukasz', 'Grzegorz', 'Mateusz', 'Wojciech', 'Mariusz', 'Dariusz', 'Zbigniew',
    'Jerzy', 'Maciej', 'Rafał', 'Kamil', 'Robert', 'Kacper', 'Szymon', 'Bartosz', 'Józef', 'Tadeusz',
    'Ryszard', 'Przemysław', 'Sławomir',
  ],
  female: [
    'Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Barbara', 'Ewa', 'Krystyna', 'Elżbieta',
    'Magdalena', 'Joanna', 'Zofia', 'Aleksandra', 'Monika', 'Teresa', 'Danuta', 'Natalia', 'Karolina',
    'Marta', 'Beata', 'Dorota', 'Halina', 'Jadwiga', 'Janina', 'Alicja', 'Justyna', 'Paulina', 'Agata',
    'Weronika', 'Julia', 'Grażyna', 'Bożena',
  ],
  surnames: [
    'Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński',
    'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk',
    'Piotrowski', 'Grabowski', 'Nowakowski', 'Pawłowski', 'Michalski', 'Nowicki', 'Adamczyk', 'Dudek',
    'Zając', 'Wieczorek', 'Jabłoński', 'Król', 'Majewski', 'Olszewski', 'Jaworski', 'Wróbel',
    'Malinowski', 'Pawlak', 'Witkowski', 'Walczak', 'Stępień', 'Górski', 'Rutkowski', 'Michalak',
    'Brzęczyszczykiewicz', 'Sikora', 'Baran', 'Szewczyk',
  ],
  middle: 'given',
  middleRate: 0.2,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'slavic-west',
};

// prettier-ignore
export const RUSSIAN: CultureData = {
  id: 'ru',
  countries: [['RU', 70], ['BY', 8], ['KZ', 8], ['UA', 6], ['CY', 4], ['DE', 4]],
  male: [
    'Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Максим', 'Евгений', 'Иван', 'Михаил',
    'Николай', 'Владимир', 'Артём', 'Павел', 'Роман', 'Олег', 'Игорь', 'Денис', 'Виктор', 'Юрий',
    'Константин', 'Антон', 'Василий', 'Никита', 'Кирилл', 'Егор', 'Илья', 'Григорий', 'Борис',
    'Фёдор', 'Вадим', 'Анатолий', 'Геннадий', 'Аркадий', 'Леонид', 'Станислав',
  ],
  female: [
    'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина', 'Светлана', 'Анна', 'Мария', 'Екатерина', 'Юлия',
    'Анастасия', 'Марина', 'Людмила', 'Галина', 'Надежда', 'Валентина', 'Дарья', 'Ксения', 'Виктория',
    'Алёна', 'Полина', 'Софья', 'Вера', 'Любовь', 'Евгения', 'Кристина', 'Алина', 'Оксана', 'Лариса',
    'Нина', 'Жанна', 'Зинаида',
  ],
  surnames: [
    'Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков',
    'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов',
    'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв',
    'Борисов', 'Яковлев', 'Григорьев', 'Воробьёв', 'Сергеев', 'Кузьмин', 'Фролов', 'Александров',
    'Дмитриев', 'Королёв', 'Гусев', 'Киселёв', 'Ильин', 'Максимов', 'Поляков', 'Сорокин',
    'Виноградов', 'Ковалёв', 'Белов', 'Антонов', 'Тарасов', 'Жуков', 'Баранов', 'Филиппов', 'Комаров',
    'Давыдов', 'Беляев', 'Герасимов', 'Богданов', 'Осипов', 'Сидоров', 'Щербаков', 'Чернышёв',
    'Хабибуллин', 'Цветков',
  ],
  middle: 'patronymic',
  middleRate: 0.85,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'slavic-east',
};

// prettier-ignore
export const GREEK: CultureData = {
  id: 'el',
  countries: [['GR', 75], ['CY', 25]],
  male: [
    'Γεώργιος|Georgios|Giorgos|Yiorgos', 'Ιωάννης|Ioannis|Giannis|Yannis', 'Κωνσταντίνος|Konstantinos|Constantinos|Kostas',
    'Δημήτριος|Dimitrios|Dimitris|Demetrios', 'Νικόλαος|Nikolaos|Nikos', 'Παναγιώτης|Panagiotis|Panayiotis',
    'Βασίλειος|Vasileios|Vasilis|Vassilis', 'Χρήστος|Christos|Hristos', 'Αθανάσιος|Athanasios|Thanasis',
    'Μιχαήλ|Michail|Michalis|Michael', 'Ευάγγελος|Evangelos|Vangelis', 'Σπυρίδων|Spyridon|Spyros',
    'Αντώνιος|Antonios|Antonis', 'Αλέξανδρος|Alexandros', 'Πέτρος|Petros', 'Στέφανος|Stefanos|Stephanos',
    'Θεόδωρος|Theodoros', 'Ανδρέας|Andreas', 'Εμμανουήλ|Emmanouil|Manolis', 'Σταύρος|Stavros',
  ],
  female: [
    'Μαρία|Maria', 'Ελένη|Eleni|Helen', 'Αικατερίνη|Aikaterini|Katerina', 'Βασιλική|Vasiliki|Vaso',
    'Σοφία|Sofia|Sophia', 'Αγγελική|Angeliki', 'Γεωργία|Georgia', 'Δήμητρα|Dimitra', 'Κωνσταντίνα|Konstantina',
    'Παρασκευή|Paraskevi', 'Ευαγγελία|Evangelia', 'Χριστίνα|Christina|Xristina', 'Αναστασία|Anastasia',
    'Ειρήνη|Eirini|Irini', 'Ιωάννα|Ioanna', 'Δέσποινα|Despoina|Despina', 'Θεοδώρα|Theodora',
    'Αλεξάνδρα|Alexandra', 'Νίκη|Niki', 'Ζωή|Zoi|Zoe',
  ],
  surnames: [
    'Παπαδόπουλος|Papadopoulos', 'Παπαδάκης|Papadakis', 'Παπανικολάου|Papanikolaou', 'Γεωργίου|Georgiou',
    'Οικονόμου|Oikonomou|Economou', 'Βασιλείου|Vasileiou|Vassiliou', 'Νικολάου|Nikolaou', 'Ιωάννου|Ioannou',
    'Αντωνίου|Antoniou', 'Παπαγεωργίου|Papageorgiou', 'Μακρής|Makris', 'Αλεξίου|Alexiou', 'Δημητρίου|Dimitriou',
    'Πετρόπουλος|Petropoulos', 'Κωνσταντινίδης|Konstantinidis|Constantinides', 'Αθανασίου|Athanasiou',
    'Χριστοδούλου|Christodoulou', 'Λαμπράκης|Lambrakis|Lamprakis', 'Καραγιάννης|Karagiannis|Karayannis',
    'Σταυρόπουλος|Stavropoulos', 'Μιχαηλίδης|Michailidis|Michaelides', 'Παππάς|Pappas', 'Αγγελόπουλος|Angelopoulos',
    'Ραπτής|Raptis', 'Κυριακίδης|Kyriakidis|Kyriakides',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'greek',
};

// prettier-ignore
export const TURKISH: CultureData = {
  id: 'tr',
  countries: [['TR', 80], ['DE', 12], ['NL', 4], ['AT', 4]],
  male: [
    'Mehmet|Mehmed', 'Mustafa', 'Ahmet|Ahmed', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman',
    'Yusuf', 'Murat', 'Ömer', 'Ramazan', 'Halil', 'Süleyman', 'Abdullah', 'Mahmut', 'Salih', 'Kemal',
    'Emre', 'Burak', 'Can', 'Cem', 'Serkan', 'Onur', 'Kerem', 'Barış', 'Tolga', 'Volkan', 'Oğuz',
    'Eren', 'Furkan',
  ],
  female: [
    'Fatma', 'Ayşe', 'Emine', 'Hatice', 'Zeynep', 'Elif', 'Meryem', 'Şerife', 'Zehra', 'Sultan',
    'Hanife', 'Merve', 'Özlem', 'Esra', 'Büşra', 'Derya', 'Ebru', 'Gül', 'Yasemin', 'Aylin', 'Selin',
    'Ece', 'Deniz', 'Cansu', 'Dilek', 'Sibel', 'Tuğba', 'Gizem', 'Nur', 'Melek',
  ],
  surnames: [
    'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
    'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat',
    'Özcan', 'Korkmaz', 'Çakır', 'Erdem', 'Yavuz', 'Can', 'Acar', 'Şen', 'Aktaş', 'Güler', 'Yalçın',
    'Güneş', 'Bozkurt', 'Bulut', 'Keskin', 'Ünal', 'Turan', 'Gül', 'Özer',
  ],
  middle: 'given',
  middleRate: 0.15,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const HEBREW: CultureData = {
  id: 'he',
  countries: [['IL', 80], ['US', 10], ['GB', 5], ['FR', 5]],
  male: [
    'דוד|David', 'משה|Moshe|Moses', 'יוסף|Yosef|Joseph|Josef', 'אברהם|Avraham|Abraham', 'יעקב|Yaakov|Jacob|Yakov',
    'דניאל|Daniel', 'מיכאל|Michael|Mikhael', 'אליהו|Eliyahu|Eliahu', 'יצחק|Yitzhak|Itzhak|Isaac',
    'שמואל|Shmuel|Samuel', 'חיים|Haim|Chaim|Hayim', 'אריאל|Ariel', 'נועם|Noam', 'איתי|Itai|Itay',
    'עומר|Omer', 'יונתן|Yonatan|Jonathan', 'אורי|Uri', 'גיא|Guy', 'עידו|Ido', 'אלון|Alon', 'רון|Ron',
    'תומר|Tomer', 'אמיר|Amir', 'אבי|Avi', 'ערן|Eran',
  ],
  female: [
    'שרה|Sarah|Sara', 'רחל|Rachel|Rahel', 'מרים|Miriam', 'אסתר|Esther', 'רבקה|Rivka|Rebecca', 'לאה|Leah|Lea',
    'נועה|Noa', 'תמר|Tamar', 'מיכל|Michal', 'יעל|Yael|Jael', 'שירה|Shira', 'הילה|Hila', 'רונית|Ronit',
    'אורית|Orit', 'ענבל|Inbal', 'אביגיל|Avigail|Abigail', 'מאיה|Maya|Maia', 'טליה|Talia|Talya', 'דנה|Dana',
    'גלית|Galit',
  ],
  surnames: [
    'כהן|Cohen|Kohen|Kohn', 'לוי|Levi|Levy', 'מזרחי|Mizrahi|Mizrachi', 'פרץ|Peretz', 'ביטון|Biton|Bitton',
    'דהן|Dahan', 'אברהם|Avraham|Abraham', 'פרידמן|Friedman|Fridman', 'אזולאי|Azoulay|Azulai', 'מלכה|Malka',
    'כץ|Katz|Kats', 'שפירא|Shapira|Shapiro', 'גולדברג|Goldberg', 'רוזנברג|Rosenberg', 'אוחיון|Ohayon',
    'חדד|Haddad', 'עמר|Amar', 'בן דוד|Ben David', 'שטרן|Stern', 'גבאי|Gabay|Gabbai', 'אשכנזי|Ashkenazi',
    'וייס|Weiss', 'ברגר|Berger', 'קליין|Klein', 'לנדאו|Landau',
  ],
  middle: 'given',
  middleRate: 0.1,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const ARABIC: CultureData = {
  id: 'ar',
  countries: [['AE', 22], ['SA', 18], ['EG', 16], ['JO', 10], ['LB', 10], ['MA', 8], ['QA', 6], ['IQ', 4], ['SY', 3], ['YE', 3]],
  male: [
    'محمد|Mohammed|Muhammad|Mohamed|Mohammad|Mohamad', 'أحمد|Ahmed|Ahmad', 'علي|Ali', 'عمر|Omar|Umar',
    'خالد|Khaled|Khalid', 'يوسف|Youssef|Yusuf|Yousef', 'إبراهيم|Ibrahim|Ebrahim', 'حسن|Hassan|Hasan',
    'حسين|Hussein|Hussain|Husayn', 'عبد الله|Abdullah|Abdallah|Abdulla', 'عبد الرحمن|Abdulrahman|Abdel Rahman|Abd al-Rahman',
    'مصطفى|Mustafa|Mostafa', 'سعيد|Saeed|Said|Sayed', 'كريم|Karim|Kareem', 'طارق|Tariq|Tarek', 'فيصل|Faisal|Faysal',
    'ماجد|Majid|Majed', 'سامي|Sami|Samy', 'ناصر|Nasser|Nasir', 'راشد|Rashid|Rashed', 'حمزة|Hamza|Hamzah',
    'زياد|Ziad|Ziyad', 'وليد|Walid|Waleed', 'جمال|Jamal|Gamal', 'عادل|Adel|Adil', 'منصور|Mansour|Mansur',
    'إسماعيل|Ismail|Ismael', 'سليمان|Suleiman|Sulaiman|Soliman', 'نبيل|Nabil|Nabeel', 'هشام|Hisham|Hesham',
  ],
  female: [
    'فاطمة|Fatima|Fatma|Fatemah', 'عائشة|Aisha|Aicha|Ayesha', 'مريم|Maryam|Mariam|Meryem', 'زينب|Zainab|Zeinab|Zaynab',
    'نور|Nour|Noor|Nur', 'سارة|Sara|Sarah', 'ليلى|Layla|Leila|Laila', 'هدى|Huda|Hoda', 'أمل|Amal', 'رانيا|Rania|Ranya',
    'ياسمين|Yasmin|Yasmine|Jasmin', 'سلمى|Salma', 'هالة|Hala', 'دينا|Dina', 'رنا|Rana', 'لينا|Lina',
    'خديجة|Khadija|Khadijah|Khadidja', 'آمنة|Amina|Aminah', 'نادية|Nadia|Nadya', 'سميرة|Samira|Sameera',
    'منى|Mona|Muna', 'ريم|Reem|Rim', 'هند|Hind', 'إيمان|Iman|Eman', 'جميلة|Jamila|Jameela', 'حنان|Hanan',
  ],
  surnames: [
    'الهاشمي|al-Hashimi|Al Hashemi|El Hachemi', 'الراشد|al-Rashid|Al Rashed|Alrashid', 'المنصوري|al-Mansouri|Al Mansoori|El Mansouri',
    'العتيبي|al-Otaibi|Al Otaiby', 'القحطاني|al-Qahtani|Al Kahtani', 'الشمري|al-Shammari|Al Shamari',
    'الزهراني|al-Zahrani|Al Zahrani', 'الحربي|al-Harbi', 'الدوسري|al-Dosari|Al Dossary', 'السيد|El Sayed|Elsayed|al-Sayyid',
    'حسن|Hassan', 'إبراهيم|Ibrahim', 'عبد الله|Abdullah', 'خليل|Khalil|Khaleel', 'حداد|Haddad', 'سالم|Salem|Salim',
    'يوسف|Youssef|Yousef', 'عثمان|Othman|Osman|Uthman', 'الخوري|Khoury|El Khoury|Khouri', 'عبد العزيز|Abdulaziz|Abdel Aziz',
    'المصري|al-Masri|El Masry', 'التميمي|al-Tamimi', 'الكعبي|al-Kaabi|Al Kaabi', 'النعيمي|al-Nuaimi|Al Nuaimi',
    'الظاهري|al-Dhaheri|Al Dhaheri', 'البلوشي|al-Balushi|Al Balooshi', 'شريف|Sherif|Sharif', 'فرحات|Farhat',
    'عيسى|Issa|Eissa', 'جابر|Jaber|Jabir', 'مراد|Mourad|Murad', 'العلي|al-Ali|Al Ali', 'درويش|Darwish|Darwich',
    'قاسم|Qasim|Kassem|Qassem', 'الفاسي|El Fassi|al-Fasi', 'بناني|Bennani', 'العمري|al-Omari|El Omari',
  ],
  middle: 'father',
  middleRate: 0.6,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};
