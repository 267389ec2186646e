// Name pools of Western European and American cultures, most frequent first. Entries use the
// "spelling|variant|..." notation of parseForm.
import type { CultureData } from './culture-types';

// prettier-ignore
export const ANGLO: CultureData = {
  id: 'en',
  countries: [['GB', 40], ['US', 30], ['IE', 10], ['CA', 8], ['AU', 8], ['MT', 4]],
  male: [
    'James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas',
    'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Paul', 'Steven|Stephen', 'Andrew',
    'Joshua', 'Kevin', 'Brian|Bryan', 'George', 'Edward', 'Timothy', 'Jason', 'Jeffrey|Geoffrey',
    'Ryan', 'Jacob', 'Gary', 'Nicholas', 'Jonathan|Jonathon', 'Peter', 'Oliver', 'Harry', 'Charles',
    'Samuel', 'Benjamin', 'Alexander', 'Patrick', 'Sean|Shaun', 'Liam',
  ],
  female: [
    'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah|Sara',
    'Karen', 'Nancy', 'Lisa', 'Margaret', 'Sandra', 'Ashley', 'Emily', 'Donna', 'Michelle', 'Carol',
    'Amanda', 'Melissa', 'Deborah|Debra', 'Stephanie', 'Rebecca', 'Laura', 'Helen', 'Sharon',
    'Kathleen|Cathleen', 'Amy', 'Charlotte', 'Olivia', 'Sophie', 'Claire|Clare',
    'Catherine|Katherine|Kathryn', 'Emma', 'Hannah', 'Lucy', 'Grace', 'Chloe', 'Siobhan',
  ],
  surnames: [
    'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Taylor',
    'Anderson', 'Thomas', 'Jackson', 'White', 'Harris', 'Martin', 'Thompson|Thomson', 'Moore',
    'Clark|Clarke', 'Lewis', 'Robinson', 'Walker', 'Hall', 'Young', 'Allen', 'Wright', 'King',
    'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts',
    'Carter', 'Phillips|Philips', 'Evans', 'Turner', 'Parker', 'Collins', 'Edwards', 'Stewart|Stuart',
    'Morris', 'Murphy', 'Cook|Cooke', "O'Brien|OBrien|O Brien", 'McDonald|MacDonald', 'Hughes',
    "O'Connor|OConnor", 'Kelly', 'Byrne', 'Fitzgerald',
  ],
  middle: 'given',
  middleRate: 0.35,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const GERMAN: CultureData = {
  id: 'de',
  countries: [['DE', 75], ['AT', 15], ['CH', 8], ['LI', 2]],
  male: [
    'Thomas', 'Michael', 'Andreas', 'Stefan|Stephan', 'Peter', 'Christian', 'Klaus|Claus', 'Jürgen',
    'Wolfgang', 'Frank', 'Uwe', 'Matthias|Mathias', 'Markus|Marcus', 'Alexander', 'Sebastian',
    'Tobias', 'Florian', 'Jan', 'Hans', 'Dieter', 'Günter|Günther|Gunter', 'Helmut|Helmuth',
    'Lukas|Lucas', 'Maximilian', 'Felix', 'Johannes', 'Karl|Carl', 'Bernd', 'Jörg', 'Ralf|Ralph',
    'Heinz', 'Manfred', 'Horst', 'Rainer|Reiner', 'Dirk', 'Holger', 'Moritz', 'Niklas|Niclas',
  ],
  female: [
    'Sabine', 'Petra', 'Monika', 'Claudia', 'Susanne', 'Andrea', 'Birgit', 'Stefanie|Stephanie',
    'Nicole', 'Katrin|Kathrin|Catrin', 'Anja', 'Julia', 'Anna', 'Lena', 'Laura', 'Sarah|Sara',
    'Lea|Leah', 'Ursula', 'Renate', 'Heike', 'Jutta', 'Martina', 'Christina|Kristina', 'Ingrid',
    'Gabriele', 'Marie', 'Sophie|Sofie', 'Hannah|Hanna', 'Jana', 'Annika', 'Brigitte', 'Karin|Carin',
    'Elke', 'Silke', 'Anke', 'Franziska', 'Johanna', 'Charlotte',
  ],
  surnames: [
    'Müller', 'Schmidt|Schmitt', 'Schneider', 'Fischer', 'Weber', 'Meyer|Meier|Maier|Mayer', 'Wagner',
    'Becker', 'Schulz', 'Hoffmann|Hofmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf',
    'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hartmann', 'Lange', 'Schmitz',
    'Werner', 'Krause', 'Lehmann', 'Schmid', 'Schulze', 'Köhler', 'Herrmann', 'König', 'Walter',
    'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel',
    'Friedrich', 'Keller', 'Günther', 'Berger', 'Winkler', 'von Arnsberg', 'von der Heide',
  ],
  middle: 'given',
  middleRate: 0.3,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const FRENCH: CultureData = {
  id: 'fr',
  countries: [['FR', 70], ['BE', 12], ['CH', 8], ['LU', 5], ['MC', 2], ['MA', 3]],
  male: [
    'Jean', 'Pierre', 'Michel', 'Philippe', 'Alain', 'Nicolas', 'Christophe', 'Laurent', 'Frédéric',
    'Sébastien', 'Stéphane', 'Olivier', 'Julien', 'François', 'Éric|Eric', 'Patrick', 'Thierry',
    'David', 'Antoine', 'Mathieu|Matthieu', 'Guillaume', 'Vincent', 'Hugo', 'Louis', 'Lucas', 'Théo',
    'Jean-Pierre', 'Jean-Luc', 'Jean-Claude', 'Benoît', 'Yves', 'Gérard', 'Bernard', 'Didier',
    'Arnaud', 'Romain',
  ],
  female: [
    'Marie', 'Nathalie', 'Isabelle', 'Sylvie', 'Catherine', 'Françoise', 'Valérie', 'Christine',
    'Sandrine', 'Sophie', 'Céline', 'Stéphanie', 'Véronique', 'Chantal', 'Camille', 'Julie',
    'Aurélie', 'Émilie|Emilie', 'Claire', 'Manon', 'Léa', 'Chloé', 'Inès', 'Marie-Claire',
    'Anne-Sophie', 'Élodie', 'Mathilde', 'Juliette', 'Hélène', 'Margaux|Margot', 'Brigitte',
    'Monique', 'Agnès', 'Delphine', 'Caroline',
  ],
  surnames: [
    'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
    'Simon', 'Laurent', 'Lefebvre|Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent',
    'Fournier', 'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François',
    'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry',
    'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier|Gautier', 'Dumont',
    'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'de La Fontaine', "d'Arcy|Darcy",
  ],
  middle: 'given',
  middleRate: 0.3,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const SPANISH: CultureData = {
  id: 'es',
  countries: [['ES', 40], ['MX', 20], ['AR', 10], ['CO', 10], ['CL', 6], ['PE', 6], ['VE', 4], ['PA', 4]],
  male: [
    'José', 'Antonio', 'Manuel', 'Francisco', 'Juan', 'David', 'José Luis', 'Javier|Xavier', 'Jesús',
    'Carlos', 'Miguel', 'Alejandro', 'Rafael', 'Pedro', 'Ángel', 'Fernando', 'Pablo', 'Luis',
    'Sergio', 'Jorge', 'Alberto', 'Diego', 'Andrés', 'Santiago', 'Sebastián', 'Mateo', 'Ricardo',
    'Eduardo', 'Raúl', 'Gonzalo', 'Juan Carlos', 'Miguel Ángel', 'Enrique', 'Ignacio', 'Álvaro',
  ],
  female: [
    'María', 'Carmen', 'Ana', 'Laura', 'Isabel', 'Lucía', 'Cristina', 'Marta', 'Pilar', 'Elena',
    'Rosa', 'Paula', 'Sara', 'Raquel', 'Dolores', 'Beatriz', 'Patricia', 'Silvia', 'Teresa',
    'Gabriela', 'Valentina', 'Camila', 'Daniela', 'Sofía', 'Mariana', 'Ximena|Jimena', 'Guadalupe',
    'Alejandra', 'Andrea', 'María José', 'María del Carmen', 'Rocío', 'Inmaculada', 'Montserrat',
  ],
  surnames: [
    'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez',
    'Martín', 'Jiménez|Giménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero',
    'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez|Vásquez', 'Ramos', 'Gil',
    'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro',
    'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Castillo', 'Flores', 'Rojas', 'Herrera', 'Medina', 'Aguilar',
    'Vargas', 'Mendoza', 'de la Cruz', 'Cortés', 'Iglesias',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: false,
  doubleSurname: true,
  surnameGender: 'none',
};

// prettier-ignore
export const PORTUGUESE: CultureData = {
  id: 'pt',
  countries: [['BR', 60], ['PT', 40]],
  male: [
    'João', 'José', 'António|Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz|Luís',
    'Marcos', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe|Filipe', 'Rodrigo',
    'Manuel', 'Tiago|Thiago', 'Gustavo', 'Ricardo', 'Fernando', 'Diogo', 'André', 'Mateus|Matheus',
    'Vinícius', 'Leonardo', 'Henrique', 'Rui', 'João Pedro', 'Miguel', 'Nuno', 'Sérgio',
  ],
  female: [
    'Maria', 'Ana', 'Francisca', 'Antônia|Antónia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda',
    'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia',
    'Beatriz', 'Mariana', 'Larissa', 'Gabriela', 'Inês', 'Joana', 'Catarina', 'Sofia', 'Rita',
    'Teresa', 'Luísa|Luiza', 'Carolina', 'Raquel', 'Ana Paula', 'Maria Eduarda', 'Conceição',
  ],
  surnames: [
    'Silva', 'Santos', 'Oliveira', 'Souza|Sousa', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima',
    'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes',
    'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques',
    'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo',
    'Pinto', 'Correia', 'Monteiro', 'Azevedo', 'da Silva', 'dos Santos', 'da Costa', 'de Sousa',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: false,
  doubleSurname: true,
  surnameGender: 'none',
};

// prettier-ignore
export const ITALIAN: CultureData = {
  id: 'it',
  countries: [['IT', 92], ['CH', 5], ['MT', 3]],
  male: [
    'Giuseppe', 'Giovanni', 'Antonio', 'Mario', 'Luigi', 'Francesco', 'Angelo', 'Vincenzo', 'Pietro',
    'Salvatore', 'Carlo', 'Franco', 'Domenico', 'Bruno', 'Paolo', 'Michele', 'Giorgio', 'Aldo',
    'Sergio', 'Luca', 'Marco', 'Alessandro', 'Andrea', 'Matteo', 'Lorenzo', 'Davide', 'Simone',
    'Federico', 'Riccardo', 'Stefano', 'Gianluca', 'Massimo', 'Roberto', 'Fabio', 'Claudio',
  ],
  female: [
    'Maria', 'Anna', 'Giuseppina', 'Rosa', 'Angela', 'Giovanna', 'Teresa', 'Lucia', 'Carmela',
    'Caterina', 'Francesca', 'Antonietta', 'Sofia', 'Giulia', 'Aurora', 'Alice', 'Ginevra', 'Emma',
    'Giorgia', 'Chiara', 'Martina', 'Sara', 'Elena', 'Valentina', 'Alessandra', 'Federica', 'Silvia',
    'Paola', 'Laura', 'Roberta', 'Benedetta', 'Ilaria', 'Beatrice',
  ],
  surnames: [
    'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino',
    'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo',
    'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara',
    'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra',
    'Coppola', 'De Santis', "D'Angelo|DAngelo|D Angelo", 'Marchetti', 'Parisi', 'Villa', 'Conte',
    'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini',
  ],
  middle: 'given',
  middleRate: 0.15,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const DUTCH: CultureData = {
  id: 'nl',
  countries: [['NL', 85], ['BE', 15]],
  male: [
    'Jan', 'Pieter|Peter', 'Johannes|Johan', 'Hendrik|Henk', 'Cornelis|Kees', 'Willem', 'Gerrit',
    'Jacobus|Jaap', 'Dirk', 'Bas', 'Ruben', 'Daan', 'Sem', 'Lucas', 'Thijs', 'Jeroen', 'Maarten',
    'Martijn', 'Bram', 'Sander', 'Joost', 'Niels', 'Koen', 'Stijn', 'Wouter', 'Tim', 'Erik',
  ],
  female: [
    'Maria', 'Johanna', 'Anna', 'Cornelia', 'Elisabeth', 'Wilhelmina', 'Sanne', 'Emma', 'Julia',
    'Sophie', 'Lotte', 'Fleur', 'Anouk', 'Eva', 'Lisa', 'Femke', 'Iris', 'Marloes', 'Esther', 'Ingrid',
    'Marieke', 'Saskia', 'Linda', 'Annemarie', 'Noor', 'Ilse',
  ],
  surnames: [
    'de Jong', 'Jansen', 'de Vries', 'van den Berg|van der Berg', 'van Dijk|van Dyk', 'Bakker',
    'Janssen', 'Visser', 'Smit', 'Meijer|Meyer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos',
    'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits',
    'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen',
    'van den Heuvel', 'van der Veen', 'van den Broek', 'de Bruijn|de Bruin', 'Schouten', 'van Beek',
    'Willems', 'van Vliet', 'van de Ven',
  ],
  middle: 'given',
  middleRate: 0.25,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};
