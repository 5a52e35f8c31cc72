-- Seeds the three-level skill taxonomy (decisions.md: at least 12 primary categories,
-- each with secondary ones). Parents are found by slug, so ids are never hard-coded.
-- 'VHS to DVD Transfer' and 'Other Services' are retired (is_active false): kept so old
-- rows can still name them, never offered in pickers. Plain SQL that PostgreSQL 15 and
-- PGlite (PostgreSQL 18) both run.
INSERT INTO skill_categories (name, slug, level, parent_id, is_active)
SELECT v.name, v.slug, 1, NULL, v.is_active
FROM (VALUES
  (1, 'Technology & Digital', 'technology-digital', true),
  (2, 'Creative Arts & Design', 'creative-arts-design', true),
  (3, 'Home & Garden', 'home-garden', true),
  (4, 'Education & Tutoring', 'education-tutoring', true),
  (5, 'Health & Wellness', 'health-wellness', true),
  (6, 'Music & Performance', 'music-performance', true),
  (7, 'Languages', 'languages', true),
  (8, 'Cooking & Food', 'cooking-food', true),
  (9, 'Business & Finance', 'business-finance', true),
  (10, 'Crafts & DIY', 'crafts-diy', true),
  (11, 'Sports & Fitness', 'sports-fitness', true),
  (12, 'Care & Community', 'care-community', true),
  (13, 'Pets & Animals', 'pets-animals', true),
  (14, 'Automotive & Repair', 'automotive-repair', true),
  (15, 'Other Services', 'other-services', false)
) AS v(position, name, slug, is_active)
ORDER BY v.position
ON CONFLICT (slug) DO NOTHING;
--> statement-breakpoint
INSERT INTO skill_categories (name, slug, level, parent_id, is_active)
SELECT v.name, v.slug, 2, parent.id, v.is_active
FROM (VALUES
  (1, 'technology-digital', 'Web Development', 'web-development', true),
  (2, 'technology-digital', 'Mobile Apps', 'mobile-apps', true),
  (3, 'technology-digital', 'Data & Spreadsheets', 'data-spreadsheets', true),
  (4, 'technology-digital', 'IT Support & Computer Repair', 'it-support-computer-repair', true),
  (5, 'technology-digital', 'Digital Marketing & Social Media', 'digital-marketing-social-media', true),
  (6, 'creative-arts-design', 'Graphic Design', 'graphic-design', true),
  (7, 'creative-arts-design', 'Photography', 'photography', true),
  (8, 'creative-arts-design', 'Illustration & Drawing', 'illustration-drawing', true),
  (9, 'creative-arts-design', 'Video Production & Editing', 'video-production-editing', true),
  (10, 'creative-arts-design', 'Writing & Editing', 'writing-editing', true),
  (11, 'creative-arts-design', 'VHS to DVD Transfer', 'vhs-to-dvd-transfer', false),
  (12, 'home-garden', 'Gardening & Landscaping', 'gardening-landscaping', true),
  (13, 'home-garden', 'Home Repair & Handyman', 'home-repair-handyman', true),
  (14, 'home-garden', 'Cleaning & Organizing', 'cleaning-organizing', true),
  (15, 'home-garden', 'Interior Decorating', 'interior-decorating', true),
  (16, 'education-tutoring', 'Math Tutoring', 'math-tutoring', true),
  (17, 'education-tutoring', 'Science Tutoring', 'science-tutoring', true),
  (18, 'education-tutoring', 'Reading & Writing Help', 'reading-writing-help', true),
  (19, 'education-tutoring', 'Test Preparation', 'test-preparation', true),
  (20, 'education-tutoring', 'Homework Help', 'homework-help', true),
  (21, 'health-wellness', 'Yoga & Meditation', 'yoga-meditation', true),
  (22, 'health-wellness', 'Nutrition Coaching', 'nutrition-coaching', true),
  (23, 'health-wellness', 'Massage & Bodywork', 'massage-bodywork', true),
  (24, 'health-wellness', 'Mindfulness & Stress Relief', 'mindfulness-stress-relief', true),
  (25, 'music-performance', 'Instrument Lessons', 'instrument-lessons', true),
  (26, 'music-performance', 'Singing & Voice', 'singing-voice', true),
  (27, 'music-performance', 'Music Production', 'music-production', true),
  (28, 'music-performance', 'Dance', 'dance', true),
  (29, 'music-performance', 'Acting & Theatre', 'acting-theatre', true),
  (30, 'languages', 'Spanish', 'spanish', true),
  (31, 'languages', 'French', 'french', true),
  (32, 'languages', 'German', 'german', true),
  (33, 'languages', 'Mandarin Chinese', 'mandarin-chinese', true),
  (34, 'languages', 'English as a Second Language', 'english-second-language', true),
  (35, 'languages', 'Sign Language', 'sign-language', true),
  (36, 'cooking-food', 'Cooking Lessons', 'cooking-lessons', true),
  (37, 'cooking-food', 'Baking & Pastry', 'baking-pastry', true),
  (38, 'cooking-food', 'Meal Prep & Planning', 'meal-prep-planning', true),
  (39, 'cooking-food', 'World Cuisines', 'world-cuisines', true),
  (40, 'cooking-food', 'Canning & Preserving', 'canning-preserving', true),
  (41, 'business-finance', 'Marketing Consultation', 'marketing-consultation', true),
  (42, 'business-finance', 'Bookkeeping & Accounting', 'bookkeeping-accounting', true),
  (43, 'business-finance', 'Personal Finance & Budgeting', 'personal-finance-budgeting', true),
  (44, 'business-finance', 'Business Planning', 'business-planning', true),
  (45, 'business-finance', 'Resume & Career Coaching', 'resume-career-coaching', true),
  (46, 'crafts-diy', 'Sewing & Alterations', 'sewing-alterations', true),
  (47, 'crafts-diy', 'Knitting & Crochet', 'knitting-crochet', true),
  (48, 'crafts-diy', 'Woodworking', 'woodworking', true),
  (49, 'crafts-diy', 'Pottery & Ceramics', 'pottery-ceramics', true),
  (50, 'crafts-diy', 'Jewelry Making', 'jewelry-making', true),
  (51, 'sports-fitness', 'Personal Training', 'personal-training', true),
  (52, 'sports-fitness', 'Running Coaching', 'running-coaching', true),
  (53, 'sports-fitness', 'Swimming Lessons', 'swimming-lessons', true),
  (54, 'sports-fitness', 'Martial Arts', 'martial-arts', true),
  (55, 'sports-fitness', 'Team Sports Coaching', 'team-sports-coaching', true),
  (56, 'care-community', 'Childcare & Babysitting', 'childcare-babysitting', true),
  (57, 'care-community', 'Elder Care & Companionship', 'elder-care-companionship', true),
  (58, 'care-community', 'Errands & Rides', 'errands-rides', true),
  (59, 'care-community', 'Event Help & Volunteering', 'event-help-volunteering', true),
  (60, 'pets-animals', 'Dog Walking', 'dog-walking', true),
  (61, 'pets-animals', 'Pet Sitting', 'pet-sitting', true),
  (62, 'pets-animals', 'Pet Grooming', 'pet-grooming', true),
  (63, 'pets-animals', 'Dog Training', 'dog-training', true),
  (64, 'automotive-repair', 'Car Maintenance', 'car-maintenance', true),
  (65, 'automotive-repair', 'Bicycle Repair', 'bicycle-repair', true),
  (66, 'automotive-repair', 'Small Engine Repair', 'small-engine-repair', true)
) AS v(position, parent_slug, name, slug, is_active)
JOIN skill_categories AS parent ON parent.slug = v.parent_slug AND parent.level = 1
ORDER BY v.position
ON CONFLICT (slug) DO NOTHING;
--> statement-breakpoint
INSERT INTO skill_categories (name, slug, level, parent_id, is_active)
SELECT v.name, v.slug, 3, parent.id, v.is_active
FROM (VALUES
  (1, 'web-development', 'Frontend Development', 'frontend-development', true),
  (2, 'web-development', 'Backend Development', 'backend-development', true),
  (3, 'web-development', 'WordPress & Website Builders', 'wordpress-website-builders', true),
  (4, 'it-support-computer-repair', 'Computer Repair', 'computer-repair', true),
  (5, 'it-support-computer-repair', 'Home Networking & Wi-Fi', 'home-networking-wifi', true),
  (6, 'graphic-design', 'Logo & Branding', 'logo-branding', true),
  (7, 'graphic-design', 'Print & Flyer Design', 'print-flyer-design', true),
  (8, 'photography', 'Portrait Photography', 'portrait-photography', true),
  (9, 'photography', 'Event Photography', 'event-photography', true),
  (10, 'photography', 'Photo Editing & Retouching', 'photo-editing-retouching', true),
  (11, 'writing-editing', 'Copywriting', 'copywriting', true),
  (12, 'writing-editing', 'Proofreading', 'proofreading', true),
  (13, 'gardening-landscaping', 'Vegetable Gardening', 'vegetable-gardening', true),
  (14, 'gardening-landscaping', 'Lawn Care', 'lawn-care', true),
  (15, 'home-repair-handyman', 'Furniture Assembly', 'furniture-assembly', true),
  (16, 'home-repair-handyman', 'Painting & Drywall', 'painting-drywall', true),
  (17, 'test-preparation', 'SAT & ACT Prep', 'sat-act-prep', true),
  (18, 'test-preparation', 'GRE & GMAT Prep', 'gre-gmat-prep', true),
  (19, 'instrument-lessons', 'Guitar Lessons', 'guitar-lessons', true),
  (20, 'instrument-lessons', 'Piano Lessons', 'piano-lessons', true),
  (21, 'instrument-lessons', 'Violin Lessons', 'violin-lessons', true),
  (22, 'instrument-lessons', 'Drum Lessons', 'drum-lessons', true),
  (23, 'english-second-language', 'Conversation Practice', 'english-conversation-practice', true),
  (24, 'english-second-language', 'Business English', 'business-english', true),
  (25, 'baking-pastry', 'Bread Baking', 'bread-baking', true),
  (26, 'baking-pastry', 'Cake Decorating', 'cake-decorating', true),
  (27, 'bookkeeping-accounting', 'Tax Preparation', 'tax-preparation', true),
  (28, 'personal-training', 'Strength Training', 'strength-training', true),
  (29, 'personal-training', 'Weight Loss Coaching', 'weight-loss-coaching', true),
  (30, 'dog-training', 'Puppy Training', 'puppy-training', true),
  (31, 'dog-training', 'Behavior Training', 'behavior-training', true)
) AS v(position, parent_slug, name, slug, is_active)
JOIN skill_categories AS parent ON parent.slug = v.parent_slug AND parent.level = 2
ORDER BY v.position
ON CONFLICT (slug) DO NOTHING;
