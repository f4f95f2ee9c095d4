<!-- Entities for the grognard test book, read from the book's own folder. -->
<!ENTITY ember.sign "<quote>Only the patient read.</quote>">
