"""Common English words, to split a nick written as one word into its words
("redfalcon" -> red falcon, "bluewhalefan" -> blue whale fan) for initials and word matches.

No word list is installed with the project (no /usr/share/dict, no wordfreq or nltk data in
the venv), and a split needs only the words nicks are built from: about two thousand
everyday nouns, adjectives and verbs of three letters or more, and the commonest short
function words. A nick whose letters these words do not cover exactly is left whole, so a
missing word costs a split, never a wrong one.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The list as a set, built on first use."""
    return frozenset(_WORDS.split())


_WORDS = """
able about above accept across act action actor add adder admiral afraid after again against
age agent ago agree ahead aid aim air alarm album alert alien alive all alley allow almost
alone along alpaca alpha already also alter always amazing amber among amount ancient and
angel anger angle angry animal ankle annoy answer ant any apart ape apple april arc arch
archer are area arena argue arm armor army around arrow art artist ash ask asleep assassin
atom attack aunt autumn avatar avenue average avoid awake award away awesome axe azure baby
back bacon bad badge badger bag bagel bake baker ball balloon banana band bandit bang bank
banshee bar barber bard bark barn baron barrel base basic basket bass bat bath batman battle
bay beach beam bean bear beard beast beat beauty beaver bed bee beef beer beetle before beg
begin behind being bell belly below belt bench bend berry best bet beta better between
beyond bias big bike bill bin bird birth biscuit bishop bison bit bite bitter black blade
blame blank blast blaze bleed blend bless blind blink blizzard block blonde blood bloom blow
blue blues blur board boat body boil bold bolt bomb bond bone bonus book boom boost boot
border bored born boss both bottle bottom bounce bound bow bowl box boy brain brake branch
brand brass brave bread break breaker breath breeze brick bride bridge brief bright bring
bringer broad broken bronze brother brown brush bubble buck bucket buddy budget buffalo bug
build bulb bull bullet bully bump bunch bunny burden burger burn burning burrito burst bury
bus bush busy but butter button buy buzz cab cabin cable cactus cage cake call calm camel
camera camp can canal candle candy cane cannon canyon cap cape capital captain car card care
cargo carp carpet carrot carry cart case cash cast castle cat catch cattle cause cave
ceiling cell cellar cent center chain chair chalk champ champion chance change chaos chapter
charge charm chart chase chat cheap check cheek cheese cheetah chef cherry chess chest
chicken chief child chill chin chip chocolate choice choose chop chorus circle citizen city
civil claim clam clan clap clash class claw clay clean clear cleric clerk clever click cliff
climb clock close cloth cloud clown club clue coach coal coast coat cobra coconut cod code
coffee coin cold collar colonel color column comb come comet comfort comic common condor
cook cookie cool cop copper copy coral core corn corner corpse cost costume cotton couch
cougar cough count countess country couple courage course court cousin cover cow cowboy
coyote crab crack craft crane crash crater crawl crazy cream creek creep crew cricket crime
crimson crisp critic crop cross crow crowd crown cruel crush crust cry crying crystal cube
cult cup cupcake curious curse curtain curve cushion custom cute cyan cyber cycle cyclone
czar dad daddy daily dairy daisy dam damage damn dance dancing danger dare dark darling dash
data date dawn day dead deaf deal dear death debate debt decade decay deck deep deer defeat
defend delay delta demon den dense dentist deny depth deputy desert design desk despair
detail detective devil dial diamond dice did die diet dig digital dim dine dingo dinner dino
dinosaur dip direct dirt dirty dish disk ditch dive diver dizzy doc doctor doe dog doggy
doll dollar dolphin dome donkey donut doom door dose double dough dove down dozen draft
dragon drain drama draw dream dreamer dress drift drill drink drip drive drop druid drum
drunk dry duchess duck dude duel duke dull dumb dune dungeon dust duty dwarf dye dying each
eager eagle ear earl early earn earth ease east easy eat echo edge eel effort egg ego eight
elbow elder elect electric elegant element elephant eleven elf elite else ember emerald
emperor empire empress empty emu end enemy energy engine enjoy enough enter entire epic
equal era error escape essay eternal even evening event ever every evil exact exam exile
exit exotic expert extra eye fable face fact factory fade fail faint fair fairy faith fake
falcon fall falling false fame family famous fan fancy fang fantasy far farm farmer fashion
fast fat fate father fault favor fawn fear feast feather fed fee feed feel fellow felt
female fence fern ferret ferry fever few fiber fiction field fierce fig fight fighter figure
file fill film filter final finch find finder fine finger finish fire firefly firm first
fish fist fit five fix flag flame flash flat flavor flea fleet flesh flight flip float flock
flood floor flour flow flower flu fluffy fly flying foam focus fog fold folk follow food
fool foot for force forest forever forge forget fork form fort fortune forty forum fossil
foster found fountain four fox frame free freeze fresh friend fright frog from front frost
frozen fruit fuel full fun funny fur fury future fuzzy gadget gain galaxy gale game gamer
gamma gang gap garage garden garlic gas gate gather gear gecko gem general genius gentle
gerbil get ghost ghoul giant gift giga ginger giraffe girl give glad glance glass glide
globe gloom glory glove glow glue gnome goal goat goblin god gold golden golem golf gone
good goon goose gorilla gospel gossip govern grab grace grade grain grand grant grape grass
grave gravity gray great greed green grey grid grief griffin grill grim grin grip grizzly
groove ground group grow growl grumpy guard guess guest guide guilt guitar gull gum gun guru
gut guy habit hack hacker had hair half hall halo ham hammer hamster hand handle handsome
hang happy harbor hard hare harm harp harvest has hat hatch hate haunt have hawk hazard head
heal health heap hear heart heat heaven heavy hedge heel height hell hello helmet help hen
her herb hero heron hidden hide high hill him hint hip hippo hire his history hit hive hobby
hold hole holiday hollow holy home honest honey hood hook hop hope horizon horn hornet
horror horse host hot hotel hound hour house hover how huge hum human humble humor hundred
hunger hungry hunt hunter hurricane hurry hurt husband hut hybrid hydra hyena hyper ice icon
idea idle idol ignore iguana ill image impact improve inch index indigo infant inner insane
insect inside inspector iron island issue item its ivory ivy jackal jacket jade jaguar jail
jailer jam jar jaw jazz jealous jeans jelly jellyfish jester jet jewel job join joke jolly
journey joy judge juice jump jumper jungle junior junk jury just kangaroo keen keep keeper
kettle key kick kid kill killer kind king kingdom kiss kit kitchen kite kitten kitty kiwi
knee knife knight knock knot know koala kraken lab lady lake lamb lamp land lane language
lantern lap large laser last late laugh laughing launch lava law lawn lawyer layer lazy lead
leader leaf league leak lean leap learn least leather leave left leg legal legend lemon
lemur lend lens leopard lesson let letter level liar liberty library license lid lie life
lift light lightning like lily limb lime limit line lion lip liquid list listen little live
living lizard llama load loaf loan lobster local lock locust logic lol lone lonely long look
loop loose lord lose loss lost lot loud lounge love lovely lover low loyal luck lucky lumber
lunar lunch lung lure lurker lust lynx machine mad madam mafia mage magic magnet magpie maid
mail main major make maker male mall mama mamba man mango mania maniac manor mantis many map
maple marble march margin marine mark market maroon marsh mask mass master match mate math
matter max maximum may maybe mayor maze meadow meal mean meat medal media medic mega melody
melon melt member memory men mental mentor menu mercy merit merry mess metal meteor micro
middle midnight might mild milk mill million mind mine miner mini minor mint minute miracle
mirror misery miss mist mister mix mob model modern mom moment monk monkey monster month
mood moon moose moral more morning moss most moth mother motion motor mount mountain mouse
mouth move movie much mud muffin mule mummy murder muscle museum music must mustard mute
mutual myth nail naked name named nap narrow nasty nation native nature naughty navy near
neat neck need needle neon nephew nerd nerve nest net never new news newt next nice nickel
niece night nine ninja noble nobody noise none noodle noon normal north nose not note
nothing notice novel now nuclear number nurse nut oak oath obey ocean octopus odd off offer
office officer often oil okay old olive omega omg once one onion only open opera optic
oracle orange orbit orc orchid order organ origin orphan ostrich other otter our out outer
outlaw oven over owl own owner ox oxygen oyster pace pack pad page pain paint pair palace
paladin pale palm pan pancake panda panel panic panther papaya paper parade parent park
parrot part party pass past pasta paste patch path patrol pause paw pay peace peach peak
peanut pear pearl pebble pelican pen pencil penguin penny people pepper perfect person pet
phantom pharaoh phase phoenix phone photo piano pick pickle picnic picture pie piece pig
pigeon piggy pike pile pill pilot pin pine pineapple pink pioneer pipe pirate pit pitch
pixel pizza place plague plain plan planet plant plastic plate play player plaza please
plenty plot plum plus pocket poem poet point poison poke polar pole police polite pond pony
pool poor pop popcorn porch port portal pose post pot potato potion pouch powder power
praise pray prey price pride priest prince princess print prison private prize problem
professor prophet proud prune psycho public pudding pull pulse puma pump punch punk pup
pupil puppet puppy pure purple purse push puzzle python quack quake queen quest quick quiet
quill quit quiz rabbit race rack radar radiant radio rage raid rail rain rainbow raise rally
ram ranch random range ranger rank rapid rare rascal rat rate raven raw ray razor reach read
reader ready real realm reaper rebel record red reed reef reign relax relic remedy rent
rescue rest retro reward rhino rhyme rib rice rich ride rider ridge rifle right rigid ring
riot ripe rise rising risk ritual rival river road roar roast robe robin robot rock rocket
rogue role roleblocker roll roman romance roof rookie room root rope rose rot rotten rough
round route royal rub ruby rude rug ruin rule ruler rum rumble run runner rush rust rusty
sad saddle safe saga sage sail sailor saint salad salamander salmon salt salty same samurai
sand sandwich sane santa sauce save saw say scale scan scar scare scarf scarlet scene scent
school science scoop score scorpion scout scrap scream screen script scum sea seahorse seal
search season seat second secret see seed seek seeker seem self sell send senior sense
sergeant serpent serve seven shade shadow shake shallow shame shape share shark sharp she
shed sheep sheet shelf shell shelter sheriff shield shift shine shiny ship shirt shock shoe
shoot shop shore short shot shout show shower shrimp shy sick side sigh sight sigma sign
signal signer silent silk silly silver simple sin sing singer single sink sir siren sister
sit six size skate skeleton sketch ski skill skin skull sky slam slash slave slayer sleep
sleeping sleepy slice slide slim sling slip sloth slow slug small smart smash smell smile
smoke smooth snack snail snake snap sneak sneaky sniper snow soap soccer sock soda sofa soft
soil solar soldier solid solo son song soon sorcerer sorry sort soul sound soup sour south
space spade spare spark sparrow speak speaker spear special specter spectre speed spell
spend spice spicy spider spike spin spirit spit splash spoon sport spot spray spring spy
squad square squid squirrel stable staff stag stage stair stamp stand star stare starfish
start state station statue stay steak steal steam steel steep stem step stick sticky still
sting stink stock stone stool stop store stork storm story stove strange straw stream street
strike string strong student stuff stupid style sugar suit sultan summer summit sun sunny
sunset super supreme sure surf surge sushi swamp swan swarm sweat sweet swift swim swing
sword symbol table taco tactic tail tale talent talk tall tame tank tape target tart task
taste tattoo tea teach teacher teal team tear teddy teen teeth temple ten tender tennis tent
term terror test text thank the theory theta thief thin thing think thinker third thirst
thorn thought thousand thread threat three throne thunder ticket tide tidy tiger tight tile
timber time tin tiny tip tired titan title toad toast today toe toilet token tomato tomb
tone tongue tonight too tool tooth top topic torch tornado tortoise total toucan touch tough
tour tower town townie toxic toy track tracker trade train trap trash travel tray treasure
treat tree trend trial tribe trick trip troll trout truck true trumpet trust truth try tsar
tube tuna tune tunnel turkey turn turtle twelve twin twist two type typhoon ugly ultra
umbrella uncle under unicorn union unit universe unknown until upper upset urban urge use
usual vague valley value vampire van vanilla vapor vast vault velvet venom vessel veteran
victim victory video view vigilante viking village villain vine violet viper virgin virtue
virus vision visit vital vivid voice void volcano volume vote voter voyage vulture waffle
wage wagon waist wait wake walk walker wall walrus wander want war warlock warm warning
warrior was wash wasp waste watch watcher water wave wax way weak wealth weapon wear weasel
weather web wedding week weird welcome well west wet whale wheat wheel whip whisper white
who whole why wicked wide widow wife wild will willow win wind window wine wing winner
winter wire wisdom wise wish witch wizard wolf woman wonder wood wool word work world worm
worry worth wound wraith wrap wrath wreck wren wrist write writer wrong wtf yak yard yarn
year yeast yell yellow yes yesterday yet yoga you young youth zebra zero zest zeta zinc
zombie zone zoo
"""
