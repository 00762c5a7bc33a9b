extension ExerciseCatalog {
    /// The built-in catalog, one exercise per line (read by `init(text:)`): its name |
    /// equipment | primary muscle groups | secondary ones | movement pattern | flags |
    /// other names. Other names are matched by exercise key, and each also goes by the
    /// forms naming the equipment (`Bench Press (Dumbbell)`, `Dumbbell Bench Press`), so
    /// the exact names Strong and Hevy export need listing only where they differ from
    /// those. No name may lead to two exercises; ExerciseCatalogTests checks the file.
    static let text = """
        # Squats and legs
        Back Squat | barbell | quads, glutes | adductors, lower back | squat | | Squat, Barbell Squat, High Bar Squat, Low Bar Squat, bs
        Front Squat | barbell | quads | glutes, upper back, abs | squat | | fs
        Pause Squat | barbell | quads, glutes | adductors, lower back | squat | | Paused Squat, Paused Back Squat
        Box Squat | barbell | quads, glutes | hamstrings, adductors | squat | |
        Safety Bar Squat | barbell | quads, glutes | upper back, adductors | squat | | SSB Squat, Squat (Safety Bar)
        Zercher Squat | barbell | quads, glutes | upper back, abs | squat | |
        Overhead Squat | barbell | quads, glutes | side delts, upper back, abs | squat | |
        Smith Machine Squat | smith | quads, glutes | adductors | squat | | Squat (Smith Machine), Smith Squat
        Goblet Squat | kettlebell | quads, glutes | adductors, abs | squat | | Goblet Squat (Dumbbell), Dumbbell Goblet Squat
        Dumbbell Squat | dumbbell | quads, glutes | adductors | squat | |
        Air Squat | bodyweight | quads, glutes | | squat | bw | Bodyweight Squat, Squat (Bodyweight)
        Jump Squat | bodyweight | quads, glutes | calves | squat | bw | Squat Jump
        Pistol Squat | bodyweight | quads, glutes | abs | squat | bw uni | Pistol
        Hack Squat | machine | quads | glutes | squat | | Hack Squat (Machine), Machine Hack Squat
        Barbell Hack Squat | barbell | quads | glutes, hamstrings | squat | |
        Pendulum Squat | machine | quads | glutes | squat | |
        Belt Squat | machine | quads, glutes | adductors | squat | |
        Leg Press | machine | quads, glutes | adductors | squat | | Leg Press (Machine), Machine Leg Press, 45 Degree Leg Press
        Single Leg Press | machine | quads, glutes | | squat | uni | Single Leg Press (Machine)
        Leg Extension | machine | quads | | isolation | | Leg Extension (Machine), Leg Extensions, Quad Extension
        Single Leg Extension | machine | quads | | isolation | uni | Single Leg Extensions
        Sissy Squat | bodyweight | quads | | isolation | bw |
        Wall Sit | bodyweight | quads | glutes | squat | time |
        Step Up | dumbbell | quads, glutes | hamstrings | lunge | uni | Step Up (Dumbbell), Dumbbell Step Up, Step-Ups
        Barbell Step Up | barbell | quads, glutes | hamstrings | lunge | uni |
        Box Jump | bodyweight | quads, glutes | calves | squat | |
        Bulgarian Split Squat | dumbbell | quads, glutes | adductors, hamstrings | lunge | uni | bss, Rear Foot Elevated Split Squat, RFESS, Dumbbell Bulgarian Split Squat, Bulgarian Split Squat (Dumbbell)
        Barbell Bulgarian Split Squat | barbell | quads, glutes | adductors | lunge | uni |
        Split Squat | dumbbell | quads, glutes | adductors | lunge | uni | Dumbbell Split Squat, Split Squat (Dumbbell)
        Lunge | dumbbell | quads, glutes | adductors, hamstrings | lunge | uni | Lunge (Dumbbell), Dumbbell Lunge, Lunges
        Barbell Lunge | barbell | quads, glutes | adductors, hamstrings | lunge | uni |
        Walking Lunge | dumbbell | quads, glutes | adductors, hamstrings | lunge | uni | Walking Lunge (Dumbbell), Dumbbell Walking Lunge, Walking Lunges
        Reverse Lunge | dumbbell | quads, glutes | hamstrings | lunge | uni | Reverse Lunge (Dumbbell), Dumbbell Reverse Lunge
        Bodyweight Lunge | bodyweight | quads, glutes | hamstrings | lunge | bw uni | Lunge (Bodyweight)
        Lateral Lunge | dumbbell | adductors, glutes | quads | lunge | uni | Side Lunge
        Curtsy Lunge | dumbbell | glutes | quads, adductors | lunge | uni |
        # Hinges and posterior chain
        Deadlift | barbell | hamstrings, glutes | lower back, upper back, forearms | hinge | | Conventional Deadlift, dl, Deadlift (Barbell)
        Sumo Deadlift | barbell | glutes, adductors | hamstrings, lower back, quads | hinge | |
        Trap Bar Deadlift | barbell | quads, glutes | hamstrings, lower back, upper back | hinge | | Deadlift (Trap bar), Hex Bar Deadlift, Trap Bar DL
        Romanian Deadlift | barbell | hamstrings, glutes | lower back | hinge | | rdl, Romanian Deadlift (Barbell), Barbell RDL
        Dumbbell Romanian Deadlift | dumbbell | hamstrings, glutes | lower back | hinge | | Romanian Deadlift (Dumbbell), Dumbbell RDL, DB RDL
        Single Leg Romanian Deadlift | dumbbell | hamstrings, glutes | lower back | hinge | uni | Single Leg RDL, Single Leg Deadlift, Single Leg Romanian Deadlift (Dumbbell)
        Stiff Leg Deadlift | barbell | hamstrings | glutes, lower back | hinge | | Stiff Legged Deadlift, SLDL
        Deficit Deadlift | barbell | hamstrings, glutes | lower back, quads | hinge | |
        Rack Pull | barbell | glutes, upper back | hamstrings, lower back, forearms | hinge | | Block Pull
        Dumbbell Deadlift | dumbbell | hamstrings, glutes | lower back | hinge | | Deadlift (Dumbbell)
        Kettlebell Deadlift | kettlebell | hamstrings, glutes | lower back | hinge | |
        Good Morning | barbell | hamstrings | lower back, glutes | hinge | | Good Mornings
        Kettlebell Swing | kettlebell | glutes, hamstrings | lower back, front delts | hinge | | KB Swing, Russian Kettlebell Swing, Swing
        Hip Thrust | barbell | glutes | hamstrings | hinge | | Barbell Hip Thrust, Hip Thrust (Barbell)
        Machine Hip Thrust | machine | glutes | hamstrings | hinge | | Hip Thrust (Machine)
        Glute Bridge | bodyweight | glutes | hamstrings | hinge | bw | Bridge
        Barbell Glute Bridge | barbell | glutes | hamstrings | hinge | |
        Single Leg Glute Bridge | bodyweight | glutes | hamstrings | hinge | bw uni | Single Leg Hip Bridge
        Cable Pull Through | cable | glutes | hamstrings | hinge | | Pull Through
        Back Extension | bodyweight | lower back | glutes, hamstrings | hinge | bw | Hyperextension, Back Extension (Hyperextension), 45 Degree Back Extension
        Reverse Hyperextension | machine | glutes | lower back, hamstrings | hinge | | Reverse Hyper
        Lying Leg Curl | machine | hamstrings | calves | isolation | | Lying Leg Curl (Machine), Prone Leg Curl
        Seated Leg Curl | machine | hamstrings | | isolation | | Seated Leg Curl (Machine), Leg Curl, Leg Curl (Machine), Hamstring Curl
        Standing Leg Curl | machine | hamstrings | | isolation | uni | Standing Leg Curl (Machine)
        Nordic Hamstring Curl | bodyweight | hamstrings | | isolation | bw | Nordic Curl, Nordics
        Glute Ham Raise | bodyweight | hamstrings | glutes, calves | hinge | bw | GHR
        Cable Kickback | cable | glutes | | isolation | uni | Glute Kickback (Cable), Glute Kickback
        Hip Abduction | machine | abductors | glutes | isolation | | Hip Abduction (Machine), Abductor Machine, Hip Abductor
        Hip Adduction | machine | adductors | | isolation | | Hip Adduction (Machine), Adductor Machine, Hip Adductor
        Copenhagen Plank | bodyweight | adductors | obliques | core | bw time | Copenhagen Side Plank
        Banded Lateral Walk | band | abductors | glutes | isolation | | Lateral Band Walk, Monster Walk
        Clamshell | band | abductors | glutes | isolation | uni | Clamshells
        # Calves
        Standing Calf Raise | machine | calves | | isolation | | Standing Calf Raise (Machine), Calf Raise, Calf Raises
        Seated Calf Raise | machine | calves | | isolation | | Seated Calf Raise (Machine)
        Dumbbell Calf Raise | dumbbell | calves | | isolation | | Calf Raise (Dumbbell), Standing Calf Raise (Dumbbell)
        Single Leg Calf Raise | dumbbell | calves | | isolation | uni | Single Leg Standing Calf Raise (Machine), Single Leg Calf Raise (Dumbbell)
        Smith Machine Calf Raise | smith | calves | | isolation | | Calf Raise (Smith Machine)
        Leg Press Calf Raise | machine | calves | | isolation | | Calf Press, Calf Press on Leg Press, Calf Press (Machine)
        Bodyweight Calf Raise | bodyweight | calves | | isolation | bw | Calf Raise (Bodyweight)
        Tibialis Raise | bodyweight | calves | | isolation | | Tib Raise
        # Chest
        Bench Press | barbell | chest | triceps, front delts | horizontal push | | Flat Bench Press, bench, bp, Flat Barbell Bench Press
        Close Grip Bench Press | barbell | triceps, chest | front delts | horizontal push | | Bench Press - Close Grip (Barbell), CGBP, Close-Grip Bench
        Pause Bench Press | barbell | chest | triceps, front delts | horizontal push | | Paused Bench Press
        Floor Press | barbell | chest, triceps | front delts | horizontal push | |
        Incline Bench Press | barbell | chest | front delts, triceps | horizontal push | | Incline Bench Press (Barbell), Incline Press, Incline Barbell Press
        Decline Bench Press | barbell | chest | triceps | horizontal push | | Decline Bench Press (Barbell)
        Dumbbell Bench Press | dumbbell | chest | triceps, front delts | horizontal push | | DB Bench Press, Flat Dumbbell Press, Dumbbell Press
        Incline Dumbbell Press | dumbbell | chest | front delts, triceps | horizontal push | | Incline Bench Press (Dumbbell), Incline Dumbbell Bench Press, Incline DB Press
        Decline Dumbbell Press | dumbbell | chest | triceps | horizontal push | | Decline Bench Press (Dumbbell)
        Smith Machine Bench Press | smith | chest | triceps, front delts | horizontal push | | Bench Press (Smith Machine)
        Smith Machine Incline Press | smith | chest | front delts, triceps | horizontal push | | Incline Bench Press (Smith Machine)
        Chest Press | machine | chest | triceps, front delts | horizontal push | | Chest Press (Machine), Machine Chest Press, Seated Chest Press
        Incline Chest Press | machine | chest | front delts, triceps | horizontal push | | Incline Chest Press (Machine), Machine Incline Press
        Dumbbell Fly | dumbbell | chest | front delts | isolation | | Chest Fly (Dumbbell), Dumbbell Flyes, Flat Dumbbell Fly, Dumbbell Chest Fly
        Incline Dumbbell Fly | dumbbell | chest | front delts | isolation | | Incline Chest Fly (Dumbbell), Incline Fly
        Cable Fly | cable | chest | front delts | isolation | | Cable Fly Crossovers, Cable Crossover, Chest Fly (Cable), Cable Flyes
        Low Cable Fly | cable | chest | front delts | isolation | | Low Cable Fly Crossovers, Low to High Cable Fly
        High Cable Fly | cable | chest | | isolation | | High to Low Cable Fly
        Single Arm Cable Crossover | cable | chest | front delts | isolation | uni | Single Arm Cable Fly
        Pec Deck | machine | chest | front delts | isolation | | Butterfly (Pec Deck), Chest Fly (Machine), Machine Fly, Pec Fly
        Dumbbell Pullover | dumbbell | chest, lats | triceps | isolation | | Pullover (Dumbbell), Pullover, SINGLE ARM PULLOVER
        Svend Press | dumbbell | chest | front delts | isolation | |
        Push-Up | bodyweight | chest | triceps, front delts, abs | horizontal push | bw | Push Up, Pushup, Press Up, Press-Up, Push-Ups
        Incline Push-Up | bodyweight | chest | triceps, front delts | horizontal push | bw | Incline Push Up
        Decline Push-Up | bodyweight | chest | front delts, triceps | horizontal push | bw | Decline Push Up
        Diamond Push-Up | bodyweight | triceps | chest, front delts | horizontal push | bw | Diamond Push Up, Close Grip Push Up
        Knee Push-Up | bodyweight | chest | triceps | horizontal push | bw | Knee Push Up, Push Up (Knees)
        Pike Push-Up | bodyweight | front delts | triceps | vertical push | bw | Pike Push Up
        Handstand Push-Up | bodyweight | front delts | triceps, side delts | vertical push | bw | Handstand Push Up, HSPU
        Dip | bodyweight | chest, triceps | front delts | vertical push | bw | Dips, Chest Dip, Parallel Bar Dip, Weighted Dip, Dip (Weighted)
        Triceps Dip | bodyweight | triceps | chest, front delts | vertical push | bw | Tricep Dip, Triceps Dips
        Bench Dip | bodyweight | triceps | front delts | vertical push | bw | Bench Dips
        Assisted Dip | machine | chest, triceps | front delts | vertical push | | Assisted Dip (Machine)
        Ring Dip | bodyweight | chest, triceps | front delts | vertical push | bw | Ring Dips
        Landmine Press | barbell | front delts, chest | triceps | vertical push | uni |
        # Shoulders
        Overhead Press | barbell | front delts | triceps, side delts, upper back | vertical push | | ohp, Military Press, Standing Press, Standing Overhead Press, Shoulder Press (Barbell), Overhead Press (Barbell), Barbell Overhead Press, Strict Press
        Push Press | barbell | front delts | triceps, quads | vertical push | |
        Seated Barbell Press | barbell | front delts | triceps, side delts | vertical push | | Seated Overhead Press (Barbell)
        Behind the Neck Press | barbell | front delts, side delts | triceps | vertical push | |
        Dumbbell Shoulder Press | dumbbell | front delts | triceps, side delts | vertical push | | Shoulder Press (Dumbbell), Overhead Press (Dumbbell), Dumbbell Overhead Press, DB Shoulder Press, Seated Dumbbell Shoulder Press, Seated Dumbbell Press
        Arnold Press | dumbbell | front delts | side delts, triceps | vertical push | | Arnold Press (Dumbbell)
        Machine Shoulder Press | machine | front delts | triceps, side delts | vertical push | | Shoulder Press (Machine), Seated Shoulder Press (Machine), Shoulder Press (Machine Plates)
        Smith Machine Shoulder Press | smith | front delts | triceps | vertical push | | Shoulder Press (Smith Machine), Overhead Press (Smith Machine)
        Kettlebell Press | kettlebell | front delts | triceps | vertical push | uni | Kettlebell Overhead Press
        Lateral Raise | dumbbell | side delts | | isolation | | Lateral Raise (Dumbbell), Side Lateral Raise, Dumbbell Lateral Raise, Lat Raise
        Seated Lateral Raise | dumbbell | side delts | | isolation | | Seated Lateral Raise (Dumbbell)
        Cable Lateral Raise | cable | side delts | | isolation | uni | Single Arm Lateral Raise (Cable)
        Machine Lateral Raise | machine | side delts | | isolation | | Lateral Raise (Machine)
        Front Raise | dumbbell | front delts | | isolation | | Front Raise (Dumbbell), Dumbbell Front Raise
        Cable Front Raise | cable | front delts | | isolation | | Front Raise (Cable)
        Plate Front Raise | other | front delts | | isolation | | Front Raise (Plate)
        Reverse Fly | dumbbell | rear delts | upper back | isolation | | Dumbbell Reverse Fly, Rear Delt Fly, Reverse Fly (Dumbbell), Bent Over Reverse Fly, Rear Delt Raise
        Reverse Pec Deck | machine | rear delts | upper back | isolation | | Rear Delt Reverse Fly (Machine), Reverse Fly (Machine), Rear Delt Fly (Machine)
        Cable Reverse Fly | cable | rear delts | upper back | isolation | | Reverse Fly (Cable), Cable Rear Delt Fly
        Face Pull | cable | rear delts | upper back, biceps | horizontal pull | | Face Pull (Cable), Face Pulls, Rope Face Pull
        Band Pull-Apart | band | rear delts | upper back | horizontal pull | | Band Pull Apart, Pull Apart
        Upright Row | barbell | side delts | upper back, biceps | vertical pull | | Upright Row (Barbell)
        Cable Upright Row | cable | side delts | upper back, biceps | vertical pull | | Upright Row (Cable)
        Dumbbell Upright Row | dumbbell | side delts | upper back | vertical pull | | Upright Row (Dumbbell)
        Y Raise | dumbbell | side delts, rear delts | upper back | isolation | |
        Shrug | barbell | upper back | forearms | isolation | | Barbell Shrug, Shrug (Barbell), Shrugs
        Dumbbell Shrug | dumbbell | upper back | forearms | isolation | | Shrug (Dumbbell)
        Trap Bar Shrug | barbell | upper back | forearms | isolation | | Shrug (Trap Bar)
        External Rotation | cable | rear delts | | isolation | uni | Cable External Rotation, Shoulder External Rotation
        # Back
        Pull-Up | bodyweight | lats | biceps, upper back | vertical pull | bw | Pull Up, Pullup, Pull Ups, Pull Up (Weighted), Weighted Pull Up, Wide Grip Pull Up
        Chin-Up | bodyweight | lats, biceps | upper back | vertical pull | bw | Chin Up, Chinup, Chin Ups, Chin Up (Weighted), Weighted Chin Up
        Neutral Grip Pull-Up | bodyweight | lats | biceps, upper back, forearms | vertical pull | bw | Neutral Grip Pull Up, Hammer Grip Pull Up
        Assisted Pull-Up | machine | lats | biceps, upper back | vertical pull | | Assisted Pull Up, Pull Up (Assisted), Assisted Chin Up
        Band Assisted Pull-Up | band | lats | biceps, upper back | vertical pull | | Band Assisted Pull Up, Pull Up (Band)
        Negative Pull-Up | bodyweight | lats | biceps | vertical pull | bw | Negative Pull Up
        Sternum Pull-Up | bodyweight | lats, upper back | biceps | vertical pull | bw | Sternum Pull up (Gironda), Gironda Pull Up
        Muscle-Up | bodyweight | lats, chest | triceps, biceps | vertical pull | bw | Muscle Up
        Lat Pulldown | cable | lats | biceps, upper back | vertical pull | | Lat Pulldown (Cable), Pulldown, Wide Grip Lat Pulldown, Lat Pull Down
        Machine Lat Pulldown | machine | lats | biceps, upper back | vertical pull | | Lat Pulldown (Machine)
        Close Grip Lat Pulldown | cable | lats | biceps | vertical pull | | Lat Pulldown - Close Grip (Cable), Close Grip Pulldown, V Bar Pulldown
        Reverse Grip Lat Pulldown | cable | lats, biceps | upper back | vertical pull | | Reverse Grip Lat Pulldown (Cable), Underhand Pulldown
        Single Arm Lat Pulldown | cable | lats | biceps | vertical pull | uni | Single Arm Pulldown
        Straight Arm Pulldown | cable | lats | triceps | isolation | | Straight Arm Lat Pulldown (Cable), Straight Arm Pulldown (Cable), Rope Straight Arm Pulldown, One Straight Arm Pulldown, Lat Prayer
        Barbell Row | barbell | upper back, lats | biceps, rear delts, lower back | horizontal pull | | Bent Over Row (Barbell), Bent Over Row, Barbell Bent Over Row, Bent-Over Row
        Pendlay Row | barbell | upper back, lats | biceps, lower back | horizontal pull | | Pendlay Row (Barbell)
        Yates Row | barbell | lats, upper back | biceps | horizontal pull | | Underhand Row, Reverse Grip Barbell Row
        Dumbbell Row | dumbbell | lats, upper back | biceps, rear delts | horizontal pull | uni | One-Arm Dumbbell Row, Single Arm Dumbbell Row, Dumbbell Row (Single Arm), Bent Over One Arm Row (Dumbbell), DB Row
        Chest Supported Row | dumbbell | upper back, lats | rear delts, biceps | horizontal pull | | Chest Supported Dumbbell Row, Incline Dumbbell Row, Seal Row
        Seated Cable Row | cable | upper back, lats | biceps, rear delts | horizontal pull | | Seated Cable Row - V Grip (Cable), Seated Cable Row - Bar Grip, Cable Row, Seated Row (Cable), Low Row
        Single Arm Cable Row | cable | lats, upper back | biceps | horizontal pull | uni | One Arm Cable Row
        Seated Machine Row | machine | upper back, lats | biceps, rear delts | horizontal pull | | Seated Row (Machine), Machine Row, Iso-Lateral Row (Machine), Iso Lateral Row
        T-Bar Row | barbell | upper back, lats | biceps, rear delts, lower back | horizontal pull | | T Bar Row, T-Bar Row (Machine)
        Landmine Row | barbell | upper back, lats | biceps | horizontal pull | | Meadows Row
        Inverted Row | bodyweight | upper back, lats | biceps, rear delts | horizontal pull | bw | Body Row, Australian Pull Up, Inverted Row (Bodyweight), Ring Row
        Kettlebell Row | kettlebell | lats, upper back | biceps | horizontal pull | uni |
        Renegade Row | dumbbell | upper back, lats | abs, biceps | horizontal pull | uni |
        Superman | bodyweight | lower back | glutes | core | bw time | Superman Hold
        # Biceps
        Barbell Curl | barbell | biceps | forearms | isolation | | Bicep Curl (Barbell), Biceps Curl (Barbell), Barbell Biceps Curl, Standing Barbell Curl
        EZ Bar Curl | barbell | biceps | forearms | isolation | | EZ Bar Biceps Curl, EZ-Bar Curl, EZ Curl, Curl (EZ Bar)
        Dumbbell Curl | dumbbell | biceps | forearms | isolation | | Bicep Curl (Dumbbell), Biceps Curl (Dumbbell), Dumbbell Biceps Curl, Bicep Curl, Biceps Curl, Alternating Dumbbell Curl
        Hammer Curl | dumbbell | biceps, forearms | | isolation | | Hammer Curl (Dumbbell), Dumbbell Hammer Curl
        Cross Body Hammer Curl | dumbbell | biceps, forearms | | isolation | | Cross-Body Hammer Curl, Cross Body Curl
        Cable Curl | cable | biceps | forearms | isolation | | Bicep Curl (Cable), Biceps Curl (Cable), Cable Biceps Curl
        Single Arm Cable Curl | cable | biceps | | isolation | uni | Single Arm Curl (Cable)
        Rope Hammer Curl | cable | biceps, forearms | | isolation | | Hammer Curl (Cable), Cable Hammer Curl
        Behind the Back Cable Curl | cable | biceps | | isolation | | Behind the Back Curl (Cable), Bayesian Curl
        Preacher Curl | barbell | biceps | | isolation | | Preacher Curl (Barbell), EZ Bar Preacher Curl
        Dumbbell Preacher Curl | dumbbell | biceps | | isolation | | Preacher Curl (Dumbbell)
        Machine Preacher Curl | machine | biceps | | isolation | | Preacher Curl (Machine), Machine Bicep Curl, Bicep Curl (Machine)
        Incline Dumbbell Curl | dumbbell | biceps | | isolation | | Seated Incline Curl (Dumbbell), Incline Curl
        Concentration Curl | dumbbell | biceps | | isolation | uni | Concentration Curl (Dumbbell)
        Reverse Grip Concentration Curl | dumbbell | biceps, forearms | | isolation | uni |
        Spider Curl | dumbbell | biceps | | isolation | | Spider Curl (Dumbbell)
        Drag Curl | barbell | biceps | | isolation | |
        Zottman Curl | dumbbell | biceps, forearms | | isolation | |
        Reverse Curl | barbell | forearms, biceps | | isolation | | Reverse Curl (Barbell), Reverse Grip Curl
        Dumbbell Reverse Curl | dumbbell | forearms, biceps | | isolation | | Reverse Curl (Dumbbell)
        # Triceps
        Triceps Pushdown | cable | triceps | | isolation | | Triceps Pushdown (Cable), Tricep Pushdown, Triceps Pressdown, Cable Pushdown, Pushdown
        Rope Pushdown | cable | triceps | | isolation | | Triceps Rope Pushdown, Tricep Rope Pushdown, Rope Pushdown (Cable)
        Single Arm Triceps Pushdown | cable | triceps | | isolation | uni | Single Arm Triceps Pushdown (Cable)
        Reverse Grip Pushdown | cable | triceps | | isolation | | Reverse Grip Triceps Pushdown
        Overhead Cable Triceps Extension | cable | triceps | | isolation | | Overhead Triceps Extension (Cable), Triceps Extension (Cable), Cable Overhead Extension
        Overhead Triceps Extension | dumbbell | triceps | | isolation | | Overhead Triceps Extension (Dumbbell), Triceps Extension (Dumbbell), Dumbbell Triceps Extension, Overhead Extension
        Skull Crusher | barbell | triceps | | isolation | | Skullcrusher, Skullcrusher (Barbell), Lying Triceps Extension, Lying Triceps Extension (Barbell), EZ Bar Skull Crusher
        Dumbbell Skull Crusher | dumbbell | triceps | | isolation | | Skullcrusher (Dumbbell), Lying Triceps Extension (Dumbbell)
        JM Press | barbell | triceps | chest | horizontal push | | JM Press (Barbell)
        Triceps Kickback | dumbbell | triceps | | isolation | | Triceps Kickback (Dumbbell), Tricep Kickback, Dumbbell Kickback
        Cable Triceps Kickback | cable | triceps | | isolation | uni | Triceps Kickback (Cable)
        Machine Triceps Extension | machine | triceps | | isolation | | Triceps Extension (Machine), Triceps Dip (Machine), Seated Dip Machine
        Tate Press | dumbbell | triceps | | isolation | |
        # Forearms and grip
        Wrist Curl | dumbbell | forearms | | isolation | | Wrist Curl (Dumbbell), Wrist Curls
        Barbell Wrist Curl | barbell | forearms | | isolation | | Wrist Curl (Barbell)
        Reverse Wrist Curl | dumbbell | forearms | | isolation | | Reverse Wrist Curl (Dumbbell)
        Farmer's Walk | dumbbell | forearms, upper back | glutes, abs, quads | carry | time | Farmers Walk, Farmer Carry, Farmer's Carry, Farmers Carry
        Suitcase Carry | dumbbell | obliques, forearms | upper back | carry | uni time |
        Dead Hang | bodyweight | forearms | lats | isolation | time | Bar Hang, Hang
        Plate Pinch | other | forearms | | isolation | time |
        Grip Crusher | other | forearms | | isolation | | Hand Gripper, Gripper
        # Neck
        Neck Curl | other | neck | | isolation | | Neck Flexion
        Neck Extension | other | neck | | isolation | |
        # Core
        Plank | bodyweight | abs | obliques | core | time | Front Plank, Forearm Plank
        Side Plank | bodyweight | obliques | abs | core | uni time |
        Crunch | bodyweight | abs | | core | | Crunches, Crunch (Bodyweight)
        Cable Crunch | cable | abs | | core | | Crunch (Cable), Kneeling Cable Crunch
        Machine Crunch | machine | abs | | core | | Crunch (Machine), Ab Crunch Machine
        Decline Crunch | bodyweight | abs | | core | | Decline Sit Up
        Sit-Up | bodyweight | abs | | core | | Sit Up, Situp, Sit Ups
        Bicycle Crunch | bodyweight | abs, obliques | | core | | Bicycle Crunches
        Reverse Crunch | bodyweight | abs | | core | |
        Hanging Leg Raise | bodyweight | abs | forearms | core | | Hanging Leg Raises
        Hanging Knee Raise | bodyweight | abs | forearms | core | | Knee Raise, Hanging Knee Raises
        Captain's Chair Leg Raise | bodyweight | abs | | core | | Leg Raise Parallel Bars, Captains Chair Leg Raise, Knee Raise Parallel Bars
        Lying Leg Raise | bodyweight | abs | | core | | Leg Raise, Leg Raises, Lying Leg Raises
        Toes to Bar | bodyweight | abs | lats, forearms | core | | T2B
        Ab Wheel | other | abs | lats | core | | Ab Wheel Rollout, Ab Rollout, Rollout
        Dead Bug | bodyweight | abs | | core | | Dead Bugs
        Bird Dog | bodyweight | lower back | abs, glutes | core | |
        Hollow Hold | bodyweight | abs | | core | time | Hollow Body Hold
        L-Sit | bodyweight | abs | triceps | core | time | L Sit
        Russian Twist | bodyweight | obliques | abs | rotation | | Russian Twists
        Cable Woodchop | cable | obliques | abs | rotation | | Woodchop, Cable Wood Chop, Wood Chop
        Pallof Press | cable | obliques | abs | rotation | | Pallof Hold
        Landmine Rotation | barbell | obliques | abs, front delts | rotation | | Landmine Twist
        Side Bend | dumbbell | obliques | | core | | Dumbbell Side Bend
        Mountain Climber | bodyweight | abs | front delts | core | | Mountain Climbers
        V-Up | bodyweight | abs | | core | | V Up, V Ups
        Dragon Flag | bodyweight | abs | | core | | Dragonfly
        Stir the Pot | other | abs | obliques | core | |
        # Olympic lifts and power
        Power Clean | barbell | glutes, hamstrings | upper back, quads, calves | olympic | | Clean, Power Clean (Barbell)
        Hang Clean | barbell | glutes, hamstrings | upper back, quads | olympic | | Hang Power Clean
        Clean and Jerk | barbell | quads, glutes | front delts, upper back, triceps | olympic | | C&J, Clean & Jerk
        Power Snatch | barbell | glutes, hamstrings | upper back, side delts | olympic | | Snatch
        Hang Snatch | barbell | glutes, hamstrings | upper back, side delts | olympic | |
        Clean Pull | barbell | glutes, hamstrings | upper back | olympic | |
        Split Jerk | barbell | front delts | triceps, quads | olympic | | Jerk
        Kettlebell Snatch | kettlebell | glutes, front delts | hamstrings, upper back | olympic | uni |
        Kettlebell Clean | kettlebell | glutes | hamstrings, forearms | olympic | uni |
        Thruster | barbell | quads, front delts | glutes, triceps | squat | | Barbell Thruster
        Dumbbell Thruster | dumbbell | quads, front delts | glutes, triceps | squat | |
        Wall Ball | other | quads, front delts | glutes | squat | | Wall Balls, Wall Ball Shot
        Medicine Ball Slam | other | abs, lats | front delts | core | | Ball Slam, Slam Ball
        Turkish Get-Up | kettlebell | front delts, abs | glutes | carry | uni | Turkish Get Up, TGU
        Sled Push | machine | quads, glutes | calves | carry | | Prowler Push
        Sled Pull | machine | hamstrings, glutes | upper back | carry | | Sled Drag
        Burpee | bodyweight | quads, chest | front delts, abs | cardio | | Burpees
        # Cardio
        Running | bodyweight | cardio | | cardio | time | Run, Outdoor Run, Jog, Jogging
        Treadmill Run | machine | cardio | | cardio | time | Treadmill, Running (Treadmill)
        Walking | bodyweight | cardio | | cardio | time | Walk
        Incline Walk | machine | cardio | | cardio | time | Incline Treadmill Walk
        Hiking | bodyweight | cardio | | cardio | time | Hike
        Cycling | other | cardio | | cardio | time | Bike, Outdoor Cycling, Cycling (Outdoor)
        Stationary Bike | machine | cardio | | cardio | time | Indoor Cycling, Exercise Bike, Spin Bike, Cycling (Indoor)
        Assault Bike | machine | cardio | | cardio | time | Air Bike, Echo Bike
        Rowing Machine | machine | cardio | | cardio | time | Rowing (Machine), Rower, Erg, Indoor Row
        Elliptical | machine | cardio | | cardio | time | Elliptical Trainer, Cross Trainer
        Stair Climber | machine | cardio | | cardio | time | Stair Master, Stairmaster, Stair Stepper
        Jump Rope | other | cardio | calves | cardio | time | Skipping, Skipping Rope, Rope Skipping
        Swimming | bodyweight | cardio | | cardio | time | Swim
        Ski Erg | machine | cardio | | cardio | time | SkiErg
        Jumping Jack | bodyweight | cardio | | cardio | | Jumping Jacks
        High Knees | bodyweight | cardio | | cardio | time |
        Battle Ropes | other | cardio | front delts | cardio | time | Battle Rope
        Shadow Boxing | bodyweight | cardio | | cardio | time | Boxing
        # Mobility and warm-up
        Cat-Cow | bodyweight | mobility | | mobility | | Cat Cow, Cat Camel
        Leg Swings | bodyweight | mobility | | mobility | | Leg Swing
        Arm Circles | bodyweight | mobility | | mobility | | Arm Circle
        Hip Circles | bodyweight | mobility | | mobility | | Hip Circle
        World's Greatest Stretch | bodyweight | mobility | | mobility | | Worlds Greatest Stretch
        Hip Flexor Stretch | bodyweight | mobility | | mobility | time | Kneeling Hip Flexor Stretch, Couch Stretch
        Hamstring Stretch | bodyweight | mobility | | mobility | time |
        Pigeon Stretch | bodyweight | mobility | | mobility | time | Pigeon Pose
        Child's Pose | bodyweight | mobility | | mobility | time | Childs Pose
        Cobra Stretch | bodyweight | mobility | | mobility | time | Cobra
        Thoracic Rotation | bodyweight | mobility | | mobility | | Open Book, T-Spine Rotation
        Shoulder Dislocates | band | mobility | | mobility | | Shoulder Pass Through, Band Dislocates
        Foam Rolling | other | mobility | | mobility | time | Foam Roll, Foam Roller
        Deep Squat Hold | bodyweight | mobility | | mobility | time | Squat Hold
        Band External Rotation | band | rear delts | | isolation | uni | External Rotation (Band)
        Scapular Pull-Up | bodyweight | upper back | lats | vertical pull | bw | Scapular Pull Up, Scap Pull Up
        Wall Slide | bodyweight | mobility | | mobility | | Wall Slides
        Ankle Mobility | bodyweight | mobility | | mobility | | Ankle Rocks
        Yoga | bodyweight | mobility | | mobility | time |
        Stretching | bodyweight | mobility | | mobility | time | Stretch
        """
}
