// What compliance mail says, in the customer's language where the team writes it (English
// otherwise). Each topic has a subject, the bank's request and the customer's typical answer.
import type { Lang } from '../geo';

export type Topic =
  | 'kyc-refresh'
  | 'source-of-funds'
  | 'edd'
  | 'sanctions-query'
  | 'address-change'
  | 'document-expiry'
  | 'account-closure'
  | 'ubo'
  | 'complaint'
  | 'transaction-inquiry';

export interface TopicText {
  subject: string;
  /** The bank's message. */
  ask: string;
  /** The customer's reply. */
  reply: string;
}

export interface LanguageText {
  hello: (name: string) => string;
  helloTeam: string;
  regards: string;
  thanks: string;
  /** The bank asks for what is still missing. */
  followUp: string;
  /** The customer sends what was still missing. */
  replyAgain: string;
  reminder: string;
  reply: string;
  wrote: (date: string, from: string) => string;
  topics: Partial<Record<Topic, TopicText>>;
}

// prettier-ignore
export const MAIL_TEXT: Readonly<Record<Lang, LanguageText>> = {
  en: {
    hello: (n) => `Dear ${n},`, helloTeam: 'Hello,', regards: 'Kind regards', thanks: 'Thank you for your quick reply; we will review the documents and come back to you.',
    followUp: 'Thank you. To complete the review we still need a signed declaration and a document showing the origin of the funds. Could you send them as well?', replyAgain: 'Please find the remaining documents attached. I hope this completes my file.',
    reminder: 'Reminder', reply: 'Re', wrote: (d, f) => `On ${d}, ${f} wrote:`,
    topics: {
      'kyc-refresh': { subject: 'Periodic review of your customer file', ask: 'As part of our regular review we need to update your customer information. Please send us a copy of a valid identity document and a recent proof of address (not older than three months).', reply: 'Please find attached the requested documents. Let me know if anything else is needed.' },
      'source-of-funds': { subject: 'Question about an incoming transfer', ask: 'We received an incoming transfer on your account that is larger than usual. Could you please explain the origin of the funds and provide supporting documents (e.g. sale contract, inheritance certificate)?', reply: 'The transfer is the proceeds of the sale of my apartment. I attach the notarial sale contract.' },
      edd: { subject: 'Enhanced due diligence questionnaire', ask: 'Due to the nature of your business relationship we are required to perform enhanced due diligence. Please complete the attached questionnaire and return it within 14 days.', reply: 'Attached is the completed questionnaire. The source of wealth section is supported by the enclosed statements.' },
      'sanctions-query': { subject: 'Payment on hold – additional information required', ask: 'Your recent payment has been held for a compliance check. Please tell us the purpose of the payment, the relationship with the beneficiary and the final destination of the goods.', reply: 'The payment is for machine parts ordered by our distributor. The goods stay in the EU; the invoice and the delivery note are attached.' },
      'address-change': { subject: 'Change of address', ask: 'Thank you for informing us. To complete the change we need a proof of your new address.', reply: 'I have moved and would like to update my address. Proof of the new address is attached.' },
      'document-expiry': { subject: 'Your identity document has expired', ask: 'Our records show that the identity document on file has expired. Please provide a copy of your new document so that we can keep your account active.', reply: 'Here is a scan of my new passport.' },
      'account-closure': { subject: 'Closure of account', ask: 'We confirm receipt of your request. Please tell us the account to which the remaining balance should be transferred.', reply: 'I would like to close my account. Please transfer the balance to the account below.' },
      ubo: { subject: 'Beneficial ownership information', ask: 'Please provide an up-to-date list of all beneficial owners holding 25% or more, together with a group structure chart.', reply: 'Attached are the shareholder register and the group chart. There have been no changes since last year.' },
      complaint: { subject: 'Complaint: blocked payment', ask: 'We are sorry for the inconvenience. Your payment is under a mandatory review; we will come back to you as soon as possible.', reply: 'My payment has been blocked for a week without explanation. This is unacceptable; please release it immediately.' },
      'transaction-inquiry': { subject: 'Clarification of recent transactions', ask: 'Our monitoring identified several cash deposits in a short period. Please explain the background of these transactions.', reply: 'The deposits are the daily takings of my restaurant. I can send the till reports if needed.' },
    },
  },
  de: {
    hello: (n) => `Sehr geehrte/r ${n},`, helloTeam: 'Guten Tag,', regards: 'Mit freundlichen Grüßen', thanks: 'Vielen Dank für Ihre schnelle Antwort; wir prüfen die Unterlagen und melden uns.',
    followUp: 'Vielen Dank. Für den Abschluss der Prüfung benötigen wir noch eine unterschriebene Erklärung und einen Nachweis über die Herkunft der Mittel. Könnten Sie uns diese ebenfalls senden?', replyAgain: 'Anbei die fehlenden Unterlagen. Ich hoffe, damit ist meine Akte vollständig.',
    reminder: 'Erinnerung', reply: 'AW', wrote: (d, f) => `Am ${d} schrieb ${f}:`,
    topics: {
      'kyc-refresh': { subject: 'Aktualisierung Ihrer Kundendaten', ask: 'Im Rahmen unserer regelmäßigen Überprüfung müssen wir Ihre Kundendaten aktualisieren. Bitte senden Sie uns eine Kopie Ihres gültigen Ausweises und einen aktuellen Adressnachweis (nicht älter als drei Monate).', reply: 'Anbei die angeforderten Unterlagen. Geben Sie mir Bescheid, falls noch etwas fehlt.' },
      'source-of-funds': { subject: 'Rückfrage zu einem Zahlungseingang', ask: 'Auf Ihrem Konto ist ein ungewöhnlich hoher Betrag eingegangen. Bitte erläutern Sie die Herkunft der Mittel und senden Sie uns entsprechende Nachweise (z. B. Kaufvertrag, Erbschein).', reply: 'Es handelt sich um den Erlös aus dem Verkauf meiner Wohnung. Den notariellen Kaufvertrag füge ich bei.' },
      edd: { subject: 'Fragebogen zur verstärkten Sorgfaltspflicht', ask: 'Aufgrund Ihrer Geschäftsbeziehung sind wir zu verstärkten Sorgfaltspflichten verpflichtet. Bitte füllen Sie den beigefügten Fragebogen aus und senden Sie ihn innerhalb von 14 Tagen zurück.', reply: 'Anbei der ausgefüllte Fragebogen mit den Nachweisen zur Vermögensherkunft.' },
      'sanctions-query': { subject: 'Zahlung angehalten – Rückfrage', ask: 'Ihre Zahlung wurde für eine Compliance-Prüfung angehalten. Bitte nennen Sie uns den Zweck der Zahlung, Ihre Beziehung zum Empfänger und das Bestimmungsland der Ware.', reply: 'Die Zahlung betrifft Ersatzteile für unseren Händler in Polen. Rechnung und Lieferschein anbei.' },
      'address-change': { subject: 'Adressänderung', ask: 'Vielen Dank für Ihre Mitteilung. Für die Änderung benötigen wir einen Nachweis Ihrer neuen Adresse.', reply: 'Ich bin umgezogen und möchte meine Adresse ändern. Die Meldebescheinigung liegt bei.' },
      'document-expiry': { subject: 'Ihr Ausweisdokument ist abgelaufen', ask: 'Laut unseren Unterlagen ist Ihr hinterlegtes Ausweisdokument abgelaufen. Bitte senden Sie uns eine Kopie Ihres neuen Dokuments.', reply: 'Anbei ein Scan meines neuen Personalausweises.' },
      'account-closure': { subject: 'Kontoauflösung', ask: 'Wir bestätigen den Eingang Ihres Auftrags. Bitte nennen Sie uns das Konto für die Überweisung des Restguthabens.', reply: 'Ich möchte mein Konto kündigen. Bitte überweisen Sie das Guthaben auf das unten genannte Konto.' },
      ubo: { subject: 'Angaben zu wirtschaftlich Berechtigten', ask: 'Bitte senden Sie uns eine aktuelle Liste aller wirtschaftlich Berechtigten mit mindestens 25 % sowie ein Organigramm der Gruppe.', reply: 'Anbei die Gesellschafterliste und das Organigramm. Seit dem Vorjahr gab es keine Änderungen.' },
      complaint: { subject: 'Beschwerde: gesperrte Überweisung', ask: 'Wir bedauern die Unannehmlichkeiten. Ihre Zahlung befindet sich in einer vorgeschriebenen Prüfung; wir melden uns schnellstmöglich.', reply: 'Meine Überweisung ist seit einer Woche ohne Begründung gesperrt. Bitte geben Sie sie umgehend frei.' },
      'transaction-inquiry': { subject: 'Rückfrage zu Bareinzahlungen', ask: 'Unsere Überwachung hat mehrere Bareinzahlungen in kurzer Zeit festgestellt. Bitte erläutern Sie den Hintergrund.', reply: 'Das sind die Tageseinnahmen meines Restaurants. Die Kassenberichte kann ich nachreichen.' },
    },
  },
  fr: {
    hello: (n) => `Madame, Monsieur ${n},`, helloTeam: 'Bonjour,', regards: 'Cordialement', thanks: 'Merci pour votre réponse rapide ; nous examinons les documents et revenons vers vous.',
    followUp: 'Merci. Pour finaliser la revue, il nous manque encore une déclaration signée et un justificatif de l’origine des fonds. Pourriez-vous nous les transmettre ?', replyAgain: 'Veuillez trouver ci-joint les documents manquants.',
    reminder: 'Rappel', reply: 'RE', wrote: (d, f) => `Le ${d}, ${f} a écrit :`,
    topics: {
      'kyc-refresh': { subject: 'Mise à jour de votre dossier client', ask: 'Dans le cadre de notre revue périodique, nous devons mettre à jour vos informations. Merci de nous transmettre une pièce d’identité valide et un justificatif de domicile de moins de trois mois.', reply: 'Veuillez trouver ci-joint les documents demandés.' },
      'source-of-funds': { subject: 'Question sur un virement reçu', ask: 'Nous avons reçu sur votre compte un virement d’un montant inhabituel. Pourriez-vous nous expliquer l’origine des fonds et fournir un justificatif ?', reply: 'Il s’agit du produit de la vente de mon appartement. Je joins l’acte de vente.' },
      edd: { subject: 'Questionnaire de vigilance renforcée', ask: 'Compte tenu de la nature de la relation, nous devons appliquer des mesures de vigilance renforcée. Merci de compléter le questionnaire ci-joint sous 14 jours.', reply: 'Ci-joint le questionnaire complété.' },
      'sanctions-query': { subject: 'Paiement suspendu – informations complémentaires', ask: 'Votre paiement a été suspendu pour un contrôle de conformité. Merci de préciser l’objet du paiement et la destination finale des marchandises.', reply: 'Le paiement concerne des pièces détachées pour notre distributeur en Belgique. Facture jointe.' },
      'address-change': { subject: 'Changement d’adresse', ask: 'Merci de nous avoir informés. Nous avons besoin d’un justificatif de votre nouvelle adresse.', reply: 'J’ai déménagé ; vous trouverez ci-joint une facture d’électricité à ma nouvelle adresse.' },
      'document-expiry': { subject: 'Votre pièce d’identité a expiré', ask: 'Votre pièce d’identité enregistrée a expiré. Merci de nous envoyer une copie de votre nouveau document.', reply: 'Voici la copie de ma nouvelle carte d’identité.' },
      'account-closure': { subject: 'Clôture de compte', ask: 'Nous accusons réception de votre demande. Merci d’indiquer le compte destinataire du solde.', reply: 'Je souhaite clôturer mon compte et faire virer le solde sur le compte ci-dessous.' },
      ubo: { subject: 'Bénéficiaires effectifs', ask: 'Merci de nous transmettre la liste à jour des bénéficiaires effectifs détenant 25 % ou plus et l’organigramme du groupe.', reply: 'Ci-joint le registre des actionnaires et l’organigramme.' },
      complaint: { subject: 'Réclamation : virement bloqué', ask: 'Nous sommes désolés pour ce désagrément. Votre paiement fait l’objet d’un contrôle obligatoire.', reply: 'Mon virement est bloqué depuis une semaine sans explication. Merci de le débloquer rapidement.' },
      'transaction-inquiry': { subject: 'Précisions sur des opérations récentes', ask: 'Nous avons relevé plusieurs dépôts d’espèces sur une courte période. Merci de nous en expliquer l’origine.', reply: 'Ce sont les recettes quotidiennes de mon commerce.' },
    },
  },
  es: {
    hello: (n) => `Estimado/a ${n}:`, helloTeam: 'Buenos días:', regards: 'Atentamente', thanks: 'Gracias por su rápida respuesta; revisaremos la documentación.',
    followUp: 'Gracias. Para completar la revisión necesitamos todavía una declaración firmada y un justificante del origen de los fondos. ¿Podría enviárnoslos?', replyAgain: 'Adjunto los documentos que faltaban.',
    reminder: 'Recordatorio', reply: 'RE', wrote: (d, f) => `El ${d}, ${f} escribió:`,
    topics: {
      'kyc-refresh': { subject: 'Actualización de su expediente', ask: 'Dentro de nuestra revisión periódica necesitamos actualizar sus datos. Le rogamos nos envíe una copia de su documento de identidad vigente y un justificante de domicilio reciente.', reply: 'Adjunto los documentos solicitados.' },
      'source-of-funds': { subject: 'Consulta sobre una transferencia recibida', ask: 'Hemos recibido en su cuenta una transferencia de un importe inusual. ¿Podría indicarnos el origen de los fondos y aportar documentación?', reply: 'Se trata de la venta de un inmueble; adjunto la escritura.' },
      edd: { subject: 'Cuestionario de diligencia reforzada', ask: 'Debido a la naturaleza de la relación debemos aplicar medidas de diligencia reforzada. Complete el cuestionario adjunto en un plazo de 14 días.', reply: 'Adjunto el cuestionario cumplimentado.' },
      'sanctions-query': { subject: 'Pago retenido – información adicional', ask: 'Su pago ha sido retenido para una revisión de cumplimiento. Indíquenos la finalidad del pago y el destino final de la mercancía.', reply: 'El pago corresponde a maquinaria para nuestro cliente en Portugal. Adjunto factura.' },
      'address-change': { subject: 'Cambio de domicilio', ask: 'Gracias por avisarnos. Necesitamos un justificante del nuevo domicilio.', reply: 'Me he mudado; adjunto un recibo de la luz con la nueva dirección.' },
      'document-expiry': { subject: 'Su documento de identidad ha caducado', ask: 'El documento que consta en nuestros registros ha caducado. Envíenos una copia del nuevo, por favor.', reply: 'Adjunto copia de mi nuevo DNI.' },
      'account-closure': { subject: 'Cancelación de cuenta', ask: 'Confirmamos la recepción de su solicitud. Indíquenos la cuenta para transferir el saldo.', reply: 'Deseo cancelar mi cuenta y transferir el saldo a la cuenta indicada.' },
      ubo: { subject: 'Titularidad real', ask: 'Envíenos la relación actualizada de titulares reales con un 25 % o más y el organigrama del grupo.', reply: 'Adjunto el libro de socios y el organigrama.' },
      complaint: { subject: 'Reclamación: transferencia bloqueada', ask: 'Lamentamos las molestias. Su pago está sujeto a una revisión obligatoria.', reply: 'Mi transferencia lleva una semana bloqueada sin explicación.' },
      'transaction-inquiry': { subject: 'Aclaración de movimientos recientes', ask: 'Hemos detectado varios ingresos en efectivo en poco tiempo. Le rogamos nos explique su origen.', reply: 'Son los ingresos diarios de mi negocio.' },
    },
  },
  it: {
    hello: (n) => `Gentile ${n},`, helloTeam: 'Buongiorno,', regards: 'Cordiali saluti', thanks: 'Grazie per la risposta; esamineremo la documentazione.',
    followUp: 'Grazie. Per completare la verifica ci servono ancora una dichiarazione firmata e un documento sull’origine dei fondi.', replyAgain: 'In allegato i documenti mancanti.',
    reminder: 'Promemoria', reply: 'R', wrote: (d, f) => `Il ${d}, ${f} ha scritto:`,
    topics: {
      'kyc-refresh': { subject: 'Aggiornamento dei suoi dati', ask: 'Nell’ambito della revisione periodica le chiediamo un documento d’identità valido e un attestato di residenza recente.', reply: 'In allegato i documenti richiesti.' },
      'source-of-funds': { subject: 'Richiesta di informazioni su un bonifico', ask: 'Abbiamo ricevuto sul suo conto un bonifico di importo insolito. Può indicarci l’origine dei fondi?', reply: 'Si tratta della vendita di un immobile; allego il rogito.' },
      'sanctions-query': { subject: 'Pagamento sospeso – informazioni aggiuntive', ask: 'Il suo pagamento è stato sospeso per un controllo di conformità. Ci indichi la finalità e la destinazione della merce.', reply: 'Il pagamento riguarda ricambi per il nostro distributore; allego la fattura.' },
      'address-change': { subject: 'Cambio di indirizzo', ask: 'Grazie della comunicazione; ci serve un documento che attesti il nuovo indirizzo.', reply: 'Mi sono trasferito; allego una bolletta.' },
      'document-expiry': { subject: 'Documento d’identità scaduto', ask: 'Il documento in archivio è scaduto. Ci invii una copia del nuovo documento.', reply: 'Allego la nuova carta d’identità.' },
    },
  },
  pt: {
    hello: (n) => `Prezado(a) ${n},`, helloTeam: 'Bom dia,', regards: 'Atenciosamente', thanks: 'Obrigado pela resposta; vamos analisar os documentos.',
    followUp: 'Obrigado. Para concluir a análise precisamos ainda de uma declaração assinada e de um comprovativo da origem dos fundos.', replyAgain: 'Seguem em anexo os documentos em falta.',
    reminder: 'Lembrete', reply: 'RE', wrote: (d, f) => `Em ${d}, ${f} escreveu:`,
    topics: {
      'kyc-refresh': { subject: 'Atualização do seu cadastro', ask: 'No âmbito da revisão periódica, solicitamos um documento de identificação válido e um comprovante de residência recente.', reply: 'Seguem em anexo os documentos solicitados.' },
      'source-of-funds': { subject: 'Pedido de informação sobre uma transferência', ask: 'Recebemos na sua conta uma transferência de valor incomum. Pode explicar a origem dos fundos?', reply: 'É o produto da venda de um imóvel; segue a escritura.' },
      'sanctions-query': { subject: 'Pagamento retido – informações adicionais', ask: 'O seu pagamento foi retido para verificação. Indique a finalidade e o destino final da mercadoria.', reply: 'O pagamento refere-se a peças para o nosso distribuidor; segue a fatura.' },
      'address-change': { subject: 'Alteração de morada', ask: 'Obrigado pela informação; precisamos de um comprovante da nova morada.', reply: 'Mudei de casa; segue uma fatura com a nova morada.' },
      'document-expiry': { subject: 'Documento de identificação expirado', ask: 'O documento registado expirou. Envie-nos uma cópia do novo documento.', reply: 'Segue a cópia do meu novo documento.' },
    },
  },
  nl: {
    hello: (n) => `Geachte ${n},`, helloTeam: 'Goedendag,', regards: 'Met vriendelijke groet', thanks: 'Dank voor uw snelle reactie; wij beoordelen de stukken.',
    followUp: 'Dank u. Om de controle af te ronden hebben wij nog een ondertekende verklaring en een bewijs van herkomst van de middelen nodig.', replyAgain: 'Bijgaand de ontbrekende documenten.',
    reminder: 'Herinnering', reply: 'RE', wrote: (d, f) => `Op ${d} schreef ${f}:`,
    topics: {
      'kyc-refresh': { subject: 'Actualisering van uw klantgegevens', ask: 'In het kader van onze periodieke controle vragen wij een geldig identiteitsbewijs en een recent adresbewijs.', reply: 'In de bijlage vindt u de gevraagde documenten.' },
      'source-of-funds': { subject: 'Vraag over een ontvangen overboeking', ask: 'Er is een ongebruikelijk hoog bedrag op uw rekening ontvangen. Kunt u de herkomst toelichten?', reply: 'Het betreft de verkoop van mijn woning; de koopakte is bijgevoegd.' },
      'sanctions-query': { subject: 'Betaling aangehouden – aanvullende informatie', ask: 'Uw betaling is aangehouden voor een compliancecontrole. Wat is het doel van de betaling?', reply: 'De betaling betreft onderdelen voor onze distributeur; factuur bijgevoegd.' },
      'address-change': { subject: 'Adreswijziging', ask: 'Dank voor uw bericht; wij hebben een bewijs van uw nieuwe adres nodig.', reply: 'Ik ben verhuisd; bijgaand een energierekening.' },
      'document-expiry': { subject: 'Uw identiteitsbewijs is verlopen', ask: 'Het identiteitsbewijs in ons dossier is verlopen. Stuur ons een kopie van het nieuwe document.', reply: 'Bijgaand een scan van mijn nieuwe paspoort.' },
    },
  },
  pl: {
    hello: (n) => `Szanowni Państwo, ${n}`, helloTeam: 'Dzień dobry,', regards: 'Z poważaniem', thanks: 'Dziękujemy za szybką odpowiedź; przeanalizujemy dokumenty.',
    followUp: 'Dziękujemy. Do zakończenia weryfikacji potrzebujemy jeszcze podpisanego oświadczenia oraz dokumentu potwierdzającego pochodzenie środków.', replyAgain: 'W załączeniu brakujące dokumenty.',
    reminder: 'Przypomnienie', reply: 'Odp', wrote: (d, f) => `W dniu ${d} ${f} napisał(a):`,
    topics: {
      'kyc-refresh': { subject: 'Aktualizacja danych klienta', ask: 'W ramach okresowego przeglądu prosimy o kopię ważnego dokumentu tożsamości oraz aktualne potwierdzenie adresu.', reply: 'W załączeniu przesyłam wymagane dokumenty.' },
      'source-of-funds': { subject: 'Pytanie dotyczące przelewu przychodzącego', ask: 'Na Pana/Pani rachunek wpłynęła nietypowo wysoka kwota. Prosimy o wyjaśnienie pochodzenia środków.', reply: 'To środki ze sprzedaży mieszkania; w załączeniu akt notarialny.' },
      'sanctions-query': { subject: 'Płatność wstrzymana – prośba o informacje', ask: 'Płatność została wstrzymana w celu weryfikacji. Prosimy o podanie celu płatności.', reply: 'Płatność dotyczy części zamiennych; w załączeniu faktura.' },
      'address-change': { subject: 'Zmiana adresu', ask: 'Dziękujemy za informację; prosimy o dokument potwierdzający nowy adres.', reply: 'Przeprowadziłem się; w załączeniu rachunek za prąd.' },
      'document-expiry': { subject: 'Dokument tożsamości utracił ważność', ask: 'Dokument w naszej kartotece stracił ważność. Prosimy o kopię nowego dokumentu.', reply: 'Przesyłam skan nowego dowodu osobistego.' },
    },
  },
  ru: {
    hello: (n) => `Уважаемый(ая) ${n},`, helloTeam: 'Здравствуйте,', regards: 'С уважением', thanks: 'Спасибо за быстрый ответ; мы рассмотрим документы.',
    followUp: 'Спасибо. Для завершения проверки нам ещё нужны подписанная декларация и документ о происхождении средств.', replyAgain: 'Направляю недостающие документы.',
    reminder: 'Напоминание', reply: 'Re', wrote: (d, f) => `${d}, ${f} написал(а):`,
    topics: {
      'kyc-refresh': { subject: 'Обновление данных клиента', ask: 'В рамках периодической проверки просим предоставить копию действующего удостоверения личности и подтверждение адреса.', reply: 'Направляю запрошенные документы во вложении.' },
      'source-of-funds': { subject: 'Вопрос о входящем переводе', ask: 'На ваш счёт поступил перевод на необычно крупную сумму. Просим пояснить происхождение средств.', reply: 'Это средства от продажи квартиры; договор купли-продажи во вложении.' },
      'sanctions-query': { subject: 'Платёж приостановлен — требуется информация', ask: 'Ваш платёж приостановлен для проверки. Просим указать назначение платежа и конечного получателя товара.', reply: 'Платёж за запасные части для нашего дистрибьютора; счёт прилагаю.' },
      'address-change': { subject: 'Смена адреса', ask: 'Спасибо за сообщение; нам нужен документ, подтверждающий новый адрес.', reply: 'Я переехал; прилагаю счёт за коммунальные услуги.' },
      'document-expiry': { subject: 'Срок действия документа истёк', ask: 'Срок действия вашего документа истёк. Пожалуйста, пришлите копию нового документа.', reply: 'Прилагаю скан нового паспорта.' },
    },
  },
  tr: {
    hello: (n) => `Sayın ${n},`, helloTeam: 'Merhaba,', regards: 'Saygılarımızla', thanks: 'Hızlı yanıtınız için teşekkürler; belgeleri inceleyeceğiz.',
    followUp: 'Teşekkürler. İncelemeyi tamamlamak için imzalı beyan ve fonların kaynağını gösteren bir belge daha gerekiyor.', replyAgain: 'Eksik belgeler ektedir.',
    reminder: 'Hatırlatma', reply: 'YNT', wrote: (d, f) => `${d} tarihinde ${f} şunu yazdı:`,
    topics: {
      'kyc-refresh': { subject: 'Müşteri bilgilerinizin güncellenmesi', ask: 'Periyodik inceleme kapsamında geçerli bir kimlik belgesi ve güncel adres belgesi rica ederiz.', reply: 'İstenen belgeler ektedir.' },
      'source-of-funds': { subject: 'Gelen havale hakkında soru', ask: 'Hesabınıza olağandışı yüksek bir havale geldi. Fonların kaynağını açıklar mısınız?', reply: 'Daire satışından elde edilen tutardır; tapu belgesi ektedir.' },
      'sanctions-query': { subject: 'Ödeme bekletiliyor – ek bilgi', ask: 'Ödemeniz uyum kontrolü için bekletilmektedir. Ödemenin amacını belirtir misiniz?', reply: 'Ödeme yedek parça siparişi içindir; fatura ektedir.' },
      'address-change': { subject: 'Adres değişikliği', ask: 'Bilgilendirme için teşekkürler; yeni adresinizi gösteren bir belge gerekmektedir.', reply: 'Taşındım; yeni adresli fatura ektedir.' },
      'document-expiry': { subject: 'Kimlik belgenizin süresi doldu', ask: 'Kayıtlı kimlik belgenizin süresi dolmuştur. Yeni belgenizin bir kopyasını gönderiniz.', reply: 'Yeni pasaportumun taraması ektedir.' },
    },
  },
};

/** The topic text in a language, falling back to English where the team does not write it. */
export function topicText(lang: Lang, topic: Topic): { text: TopicText; language: LanguageText } {
  const language = MAIL_TEXT[lang];
  const text = language.topics[topic];
  if (text) return { text, language };
  const english = MAIL_TEXT.en;
  return {
    text: english.topics[topic] ?? { subject: topic, ask: '', reply: '' },
    language: english,
  };
}

/** Topics the bank starts; the others the customer starts. */
export const BANK_STARTED: ReadonlySet<Topic> = new Set<Topic>([
  'kyc-refresh',
  'source-of-funds',
  'edd',
  'sanctions-query',
  'document-expiry',
  'ubo',
  'transaction-inquiry',
]);

export const TOPIC_TAGS: Readonly<Record<Topic, readonly string[]>> = {
  'kyc-refresh': ['kyc-refresh'],
  'source-of-funds': ['source-of-funds'],
  edd: ['edd', 'source-of-funds'],
  'sanctions-query': ['sanctions-query', 'payment-hold'],
  'address-change': ['address-change', 'kyc-refresh'],
  'document-expiry': ['document-expiry', 'kyc-refresh'],
  'account-closure': ['account-closure'],
  ubo: ['ubo', 'kyc-refresh'],
  complaint: ['complaint'],
  'transaction-inquiry': ['transaction-monitoring', 'source-of-funds'],
};
